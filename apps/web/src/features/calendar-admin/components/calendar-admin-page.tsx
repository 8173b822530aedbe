import type { DirectoryEntryView } from '@medbook/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../shared/toast';
import { type AdminCalendar, calendarAdminApi } from '../api/calendar-admin-api';
import {
  blockedSpanOf,
  type CalendarForm,
  changesOf,
  formOf,
  settingsOf,
  spanLabel,
  weekTimeFrameOf,
} from '../calendar-form-rules';
import { CalendarSettingsForm } from './calendar-settings-form';
import { errorMessageOf } from '../../../shared/error-message';

const failed = (cause: unknown) => toast.error(errorMessageOf(cause));

/** The calendar editor (/practice-admin/calendars): the practice's calendars, created and edited. */
export function CalendarAdminPage({ practiceId }: { practiceId: string }) {
  const [calendars, setCalendars] = useState<AdminCalendar[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const show = useCallback((list: AdminCalendar[]) => {
    setCalendars(list);
    setSelected((s) => s ?? list[0]?.calendar_id ?? null);
  }, []);
  const reload = useCallback(
    (position: number | null = null) =>
      calendarAdminApi.calendars(practiceId, position).then(show, failed),
    [practiceId, show],
  );
  useEffect(() => {
    void calendarAdminApi.calendars(practiceId).then(show, failed);
  }, [practiceId, show]);

  const calendar = calendars?.find((c) => c.calendar_id === selected) ?? null;
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">
          Calendars
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)}>
          New calendar
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
          <List aria-label="Practice calendars" dense>
            {calendars?.length === 0 && <ListItemText sx={{ px: 2 }} primary="No calendars yet." />}
            {calendars?.map((c) => (
              <ListItemButton
                key={c.calendar_id}
                selected={c.calendar_id === selected}
                onClick={() => setSelected(c.calendar_id)}
              >
                <ListItemText
                  primary={c.name}
                  secondary={`${c.visit_type} · ${c.first_hour}:00–${c.last_hour}:00 · ${c.time_step} min`}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        {calendar && (
          <CalendarEditor
            key={`${calendar.calendar_id}`}
            calendar={calendar}
            onChanged={(position) => reload(position)}
          />
        )}
      </Stack>
      <CreateCalendarDialog
        open={creating}
        practiceId={practiceId}
        onClose={() => setCreating(false)}
        onCreated={async (id, position) => {
          setCreating(false);
          setSelected(id);
          await reload(position);
        }}
      />
    </Box>
  );
}

function CalendarEditor({
  calendar,
  onChanged,
}: {
  calendar: AdminCalendar;
  onChanged: (position: number) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ position: number }>, done: string) => {
    setBusy(true);
    try {
      const { position } = await action();
      toast.success(done);
      await onChanged(position);
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Settings
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Times are in the facility&apos;s zone, {calendar.time_zone}.
        </Typography>
        <CalendarSettingsForm
          key={JSON.stringify(formOf(calendar))}
          initial={formOf(calendar)}
          submitLabel="Save settings"
          busy={busy}
          onSubmit={(form: CalendarForm) => {
            const changes = changesOf(calendar, form);
            if (Object.keys(changes).length === 0) return toast.success('Nothing to change.');
            void run(
              () => calendarAdminApi.update(calendar.calendar_id, changes),
              'Calendar updated.',
            );
          }}
        />
      </Paper>
      <BlockedSpans calendar={calendar} busy={busy} run={run} />
      <Reasons calendar={calendar} busy={busy} run={run} />
    </Stack>
  );
}

type Run = (action: () => Promise<{ position: number }>, done: string) => Promise<void>;

function BlockedSpans({
  calendar,
  busy,
  run,
}: {
  calendar: AdminCalendar;
  busy: boolean;
  run: Run;
}) {
  const zone = calendar.time_zone;
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const block = () => {
    const result = blockedSpanOf(start, end, zone);
    if ('error' in result) return setError(result.error);
    setError(null);
    void run(() => calendarAdminApi.block(calendar.calendar_id, result.span), 'Time blocked.').then(
      () => {
        setStart('');
        setEnd('');
      },
    );
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="blocked-heading">
      <Typography variant="h6" component="h2" id="blocked-heading" gutterBottom>
        Blocked time
      </Typography>
      <List dense aria-label="Blocked spans">
        {calendar.marked_time_spans.length === 0 && <ListItemText primary="Nothing blocked." />}
        {calendar.marked_time_spans.map((span) => (
          <Stack key={`${span.start}-${span.end}`} direction="row" sx={{ alignItems: 'center' }}>
            <ListItemText primary={spanLabel(span, zone)} />
            <Button
              size="small"
              disabled={busy}
              aria-label={`Unblock ${spanLabel(span, zone)}`}
              onClick={() =>
                void run(
                  () => calendarAdminApi.unblock(calendar.calendar_id, span),
                  'Time unblocked.',
                )
              }
            >
              Unblock
            </Button>
          </Stack>
        ))}
      </List>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Block from"
          type="datetime-local"
          size="small"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!error}
          helperText={error ?? ' '}
        />
        <TextField
          label="Block until"
          type="datetime-local"
          size="small"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText=" "
        />
        <Button variant="outlined" disabled={busy} onClick={block}>
          Block time
        </Button>
      </Stack>
    </Paper>
  );
}

function Reasons({ calendar, busy, run }: { calendar: AdminCalendar; busy: boolean; run: Run }) {
  const [title, setTitle] = useState('');
  const [frame, setFrame] = useState('');
  const [immediate, setImmediate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rules = (t: string) => calendar.associated_reasons.find((r) => r.title === t);
  const save = (existing: boolean) => {
    const parsed = weekTimeFrameOf(frame);
    if (!title.trim()) return setError('Required');
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    const reason = {
      title: title.trim(),
      week_time_frame: parsed.frame,
      allow_immediate_checkin: immediate,
    };
    void run(
      () =>
        existing
          ? calendarAdminApi.changeReason(calendar.calendar_id, reason)
          : calendarAdminApi.addReason(calendar.calendar_id, reason),
      existing ? 'Reason updated.' : 'Reason added.',
    );
  };
  const editing = calendar.reasons.includes(title.trim());
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="reasons-heading">
      <Typography variant="h6" component="h2" id="reasons-heading" gutterBottom>
        Visit reasons
      </Typography>
      <List dense aria-label="Visit reasons">
        {calendar.reasons.length === 0 && <ListItemText primary="Every reason is offered." />}
        {calendar.reasons.map((t) => {
          const r = rules(t);
          const window = r?.week_time_frame?.length
            ? `weeks ${r.week_time_frame.join('–')}`
            : 'any week';
          return (
            <Stack key={t} direction="row" sx={{ alignItems: 'center' }}>
              <ListItemButton
                onClick={() => {
                  setTitle(t);
                  setFrame(r?.week_time_frame?.join('-') ?? '');
                  setImmediate(!!r?.allow_immediate_checkin);
                }}
              >
                <ListItemText
                  primary={t}
                  secondary={`${window}${r?.allow_immediate_checkin ? ' · immediate check-in' : ''}`}
                />
              </ListItemButton>
              <IconButton
                aria-label={`Remove ${t}`}
                disabled={busy}
                onClick={() =>
                  void run(
                    () => calendarAdminApi.removeReason(calendar.calendar_id, t),
                    'Reason removed.',
                  )
                }
              >
                ×
              </IconButton>
            </Stack>
          );
        })}
      </List>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Reason title"
          size="small"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={!!error}
          helperText={error ?? ' '}
        />
        <TextField
          label="Week time frame (e.g. 2 or 1-3)"
          sx={{ minWidth: 220 }}
          size="small"
          value={frame}
          onChange={(e) => setFrame(e.target.value)}
          helperText=" "
        />
        <FormControlLabel
          label="Allow immediate check-in"
          control={
            <Checkbox checked={immediate} onChange={(e) => setImmediate(e.target.checked)} />
          }
        />
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => save(editing)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {editing ? 'Update reason' : 'Add reason'}
        </Button>
      </Stack>
    </Paper>
  );
}

function CreateCalendarDialog({
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
    ]).then(([p, f]) => {
      setProviders(p);
      setFacilities(f);
    }, failed);
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
              .then(async ({ id, position }) => {
                toast.success('Calendar created.');
                await onCreated(id, position);
              }, failed)
              .finally(() => setBusy(false));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
