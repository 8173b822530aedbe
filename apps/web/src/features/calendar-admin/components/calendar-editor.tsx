import type { CalendarView, CustomFormView } from '@medbook/contracts';
import { Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { calendarAdminApi } from '../api/calendar-admin-api';
import { type CalendarForm, changesOf, formOf } from '../calendar-form-rules';
import { BlockedSpans } from './blocked-spans';
import { CalendarReasons } from './calendar-reasons';
import { CalendarSettingsForm } from './calendar-settings-form';
import { WeekPreview } from './week-preview';

/** One calendar's settings, blocked time spans and reasons. */
export function CalendarEditor({
  calendar,
  customForms,
  onChanged,
}: {
  calendar: CalendarView;
  customForms: readonly CustomFormView[];
  onChanged: (position: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<CalendarForm>(() => formOf(calendar));
  const run = async (action: () => Promise<{ position: number }>, done: string) => {
    setBusy(true);
    try {
      const { position } = await action();
      toast.success(done);
      await onChanged(position);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('calendarAdmin.editor.settings')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('calendarAdmin.editor.zone', { zone: calendar.time_zone })}
        </Typography>
        <CalendarSettingsForm
          key={JSON.stringify(formOf(calendar))}
          initial={formOf(calendar)}
          submitLabel={t('calendarAdmin.editor.save')}
          busy={busy}
          customForms={customForms}
          onChange={setDraft}
          hoursAside={
            <WeekPreview
              zone={calendar.time_zone}
              settings={changesOf(calendar, draft)}
              fetchPreview={(body) => calendarAdminApi.preview(calendar.calendar_id, body)}
            />
          }
          onSubmit={(form: CalendarForm) => {
            const changes = changesOf(calendar, form);
            if (Object.keys(changes).length === 0)
              return toast.success(t('calendarAdmin.editor.nothing'));
            void run(
              () => calendarAdminApi.update(calendar.calendar_id, changes),
              t('calendarAdmin.editor.updated'),
            );
          }}
        />
      </Paper>
      <BlockedSpans calendar={calendar} busy={busy} run={run} />
      <CalendarReasons calendar={calendar} busy={busy} run={run} />
    </Stack>
  );
}
