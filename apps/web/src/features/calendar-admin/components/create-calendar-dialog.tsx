import type { CustomFormView, DirectoryEntryView } from '@medbook/contracts';
import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { calendarAdminApi } from '../api/calendar-admin-api';
import { type CalendarForm, createSettingsOf } from '../calendar-form-rules';
import { CalendarSettingsForm } from './calendar-settings-form';
import { WeekPreview } from './week-preview';
import { newCommandId } from '../../../shared/command-id';

type Owner = 'provider' | 'resource';
type VisitType = 'Office' | 'Telehealth' | 'Resource';

const WORKDAY = [{ start: '08:00', end: '17:00' }];

/** A new calendar for one of the practice's providers or resources, at one of its facilities. */
export function CreateCalendarDialog({
  open,
  practiceId,
  customForms,
  onClose,
  onCreated,
}: {
  open: boolean;
  practiceId: string;
  customForms: readonly CustomFormView[];
  onClose: () => void;
  onCreated: (id: string, position: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<DirectoryEntryView[]>([]);
  const [resources, setResources] = useState<DirectoryEntryView[]>([]);
  const [facilities, setFacilities] = useState<DirectoryEntryView[]>([]);
  const [owner, setOwner] = useState<Owner>('provider');
  const [ownerId, setOwnerId] = useState('');
  const [facilityId, setFacilityId] = useState('');
  const [visitType, setVisitType] = useState<VisitType>('Office');
  const [busy, setBusy] = useState(false);
  // On a phone the dialog takes the screen: the hours rows need its width.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  useEffect(() => {
    if (!open) return;
    void Promise.all([
      calendarAdminApi.directory(practiceId, 'providers'),
      calendarAdminApi.directory(practiceId, 'resources'),
      calendarAdminApi.directory(practiceId, 'facilities'),
    ]).then(
      ([p, r, f]) => {
        setProviders(p);
        setResources(r);
        setFacilities(f);
      },
      (cause: unknown) => toast.error(errorMessageOf(cause)),
    );
  }, [open, practiceId]);
  const choose = (next: Owner) => {
    setOwner(next);
    setOwnerId('');
    setVisitType(next === 'resource' ? 'Resource' : 'Office');
  };
  const owners = owner === 'provider' ? providers : resources;
  const facility = facilities.find((f) => f.id === facilityId);
  const zoneOf = facility?.details.iana_time_zone;
  const zone = typeof zoneOf === 'string' ? zoneOf : 'UTC';
  const initial: CalendarForm = useMemo(
    () => ({
      name: '',
      weekly_hours: [WORKDAY, WORKDAY, WORKDAY, WORKDAY, WORKDAY, [], []],
      time_step: '30',
      booking_capacity: '1',
      date_from: DateTime.now().setZone(zone).toISODate()!,
      date_to: '',
      minutes_before_showing_slots: '60',
      slots_hide_hours: '0',
      online_booking_disabled: false,
      accept_reject_enabled: false,
      wait_list_enabled: false,
      can_check_in: false,
      check_in_opens_minutes_before: '60',
      check_in_closes_minutes_after: '15',
      custom_form_ids: [],
      collect_patient_demographics: false,
      enable_insurance: true,
      enable_insurance_eligibility: false,
      is_lab_test: false,
    }),
    [zone],
  );
  const [draft, setDraft] = useState<CalendarForm>(initial);
  const owned = owner === 'provider' ? { provider_id: ownerId } : { resource_id: ownerId };
  const place = { ...owned, facility_id: facilityId, time_zone: zone, visit_type: visitType };
  const visitTypes: VisitType[] = owner === 'resource' ? ['Resource'] : ['Office', 'Telehealth'];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="new-calendar"
    >
      <DialogTitle id="new-calendar" sx={{ pr: 7 }}>
        {t('calendarAdmin.create.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('calendarAdmin.create.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <FormLabel id="calendar-for" sx={{ mt: 1, display: 'block' }}>
          {t('calendarAdmin.create.calendarFor')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="calendar-for"
          value={owner}
          onChange={(e) => choose(e.target.value as Owner)}
        >
          <FormControlLabel
            value="provider"
            control={<Radio />}
            label={t('calendarAdmin.create.aProvider')}
          />
          <FormControlLabel
            value="resource"
            control={<Radio />}
            label={t('calendarAdmin.create.aResource')}
          />
        </RadioGroup>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, mb: 1 }}>
          <TextField
            select
            label={
              owner === 'provider'
                ? t('calendarAdmin.create.provider')
                : t('calendarAdmin.create.resource')
            }
            size="small"
            fullWidth
            value={ownerId}
            onChange={(e) => setOwnerId(e.target.value)}
          >
            {owners.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('calendarAdmin.create.facility')}
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
            label={t('calendarAdmin.create.visitType')}
            size="small"
            fullWidth
            value={visitType}
            onChange={(e) => setVisitType(e.target.value as VisitType)}
          >
            {visitTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`calendarAdmin.visitTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {(!ownerId || !facilityId) && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {owner === 'provider'
              ? t('calendarAdmin.create.chooseProvider')
              : t('calendarAdmin.create.chooseResource')}
          </Alert>
        )}
        <CalendarSettingsForm
          key={zone}
          initial={initial}
          submitLabel={t('calendarAdmin.create.create')}
          busy={busy || !ownerId || !facilityId}
          customForms={customForms}
          onChange={setDraft}
          hoursAside={
            ownerId && facilityId ? (
              <WeekPreview
                zone={zone}
                settings={{
                  ...createSettingsOf(draft),
                  // The preview needs a name to check; the form asks for it before saving.
                  name: draft.name.trim() || 'New calendar',
                  ...place,
                }}
                fetchPreview={(body) => calendarAdminApi.previewNew(practiceId, body)}
              />
            ) : null
          }
          onSubmit={(form) => {
            setBusy(true);
            calendarAdminApi
              .create(practiceId, {
                ...createSettingsOf(form),
                ...place,
                command_id: newCommandId(),
              })
              .then(
                async ({ id, position }) => {
                  toast.success(t('calendarAdmin.create.created'));
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
