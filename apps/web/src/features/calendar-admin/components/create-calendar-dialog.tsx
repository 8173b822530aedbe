import type { DirectoryEntryView } from '@medbook/contracts';
import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { toast } from '../../../shared/toast';
import { calendarAdminApi } from '../api/calendar-admin-api';
import { type CalendarForm, settingsOf } from '../calendar-form-rules';
import { CalendarSettingsForm } from './calendar-settings-form';

export function CreateCalendarDialog({
  open,
  practiceId,
  onClose,
  onCreated,
}: {
  open: boolean;
  practiceId: string;
  onClose: () => void;
  onCreated: (id: string, position: number) => Promise<void>;
}) {
  const [providers, setProviders] = useState<DirectoryEntryView[]>([]);
  const [facilities, setFacilities] = useState<DirectoryEntryView[]>([]);
  const [providerId, setProviderId] = useState('');
  const [facilityId, setFacilityId] = useState('');
  const [visitType, setVisitType] = useState<'Office' | 'Telehealth'>('Office');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    void Promise.all([
      calendarAdminApi.directory(practiceId, 'providers'),
      calendarAdminApi.directory(practiceId, 'facilities'),
    ]).then(
      ([p, f]) => {
        setProviders(p);
        setFacilities(f);
      },
      (cause: unknown) => toast.error(errorMessageOf(cause)),
    );
  }, [open, practiceId]);
  const facility = facilities.find((f) => f.id === facilityId);
  const zoneOf = facility?.details.iana_time_zone;
  const zone = typeof zoneOf === 'string' ? zoneOf : 'UTC';
  const initial: CalendarForm = {
    name: '',
    first_hour: '8',
    last_hour: '17',
    time_step: '30',
    booking_capacity: '1',
    date_from: DateTime.now().setZone(zone).toISODate()!,
    date_to: '',
    working_days: [1, 2, 3, 4, 5],
    minutes_before_showing_slots: '60',
    slots_hide_hours: '0',
    online_booking_disabled: false,
    accept_reject_enabled: false,
    wait_list_enabled: false,
    can_check_in: false,
    check_in_opens_minutes_before: '60',
    check_in_closes_minutes_after: '15',
    custom_form_ids: '',
    collect_patient_demographics: false,
    enable_insurance: true,
    enable_insurance_eligibility: false,
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="new-calendar">
      <DialogTitle id="new-calendar">New calendar</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, mb: 1 }}>
          <TextField
            select
            label="Provider"
            size="small"
            fullWidth
            value={providerId}
            onChange={(e) => setProviderId(e.target.value)}
          >
            {providers.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Facility"
            size="small"
            fullWidth
            value={facilityId}
            onChange={(e) => setFacilityId(e.target.value)}
          >
            {facilities.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Visit type"
            size="small"
            fullWidth
            value={visitType}
            onChange={(e) => setVisitType(e.target.value as 'Office' | 'Telehealth')}
          >
            <MenuItem value="Office">Office</MenuItem>
            <MenuItem value="Telehealth">Telehealth</MenuItem>
          </TextField>
        </Stack>
        {(!providerId || !facilityId) && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Choose the provider and the facility first.
          </Alert>
        )}
        <CalendarSettingsForm
          key={zone}
          initial={initial}
          submitLabel="Create calendar"
          busy={busy || !providerId || !facilityId}
          onSubmit={(form) => {
            setBusy(true);
            calendarAdminApi
              .create(practiceId, {
                ...settingsOf(form),
                provider_id: providerId,
                facility_id: facilityId,
                time_zone: zone,
                visit_type: visitType,
                command_id: crypto.randomUUID(),
              })
              .then(
                async ({ id, position }) => {
                  toast.success('Calendar created.');
                  await onCreated(id, position);
                },
                (cause: unknown) => toast.error(errorMessageOf(cause)),
              )
              .finally(() => setBusy(false));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
