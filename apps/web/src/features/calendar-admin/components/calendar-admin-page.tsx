import type { CalendarView, CustomFormView } from '@medbook/contracts';
import {
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { calendarAdminApi } from '../api/calendar-admin-api';
import { openDaysOf } from '../calendar-form-rules';
import { CalendarEditor } from './calendar-editor';
import { PastWeek } from './past-week';
import { CreateCalendarDialog } from './create-calendar-dialog';

/** The calendar editor (/practice-admin/calendars): the practice's calendars, created and edited. */
export function CalendarAdminPage({ practiceId }: { practiceId: string }) {
  const { t } = useTranslation();
  const [calendars, setCalendars] = useState<CalendarView[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [customForms, setCustomForms] = useState<CustomFormView[]>([]);

  const show = useCallback((list: CalendarView[]) => {
    setCalendars(list);
    setSelected((s) => s ?? list[0]?.calendar_id ?? null);
  }, []);
  const reload = useCallback(
    (position: number | null = null) =>
      calendarAdminApi
        .calendars(practiceId, position)
        .then(show, (cause: unknown) => toast.error(errorMessageOf(cause))),
    [practiceId, show],
  );
  useEffect(() => {
    void calendarAdminApi
      .calendars(practiceId)
      .then(show, (cause: unknown) => toast.error(errorMessageOf(cause)));
    void calendarAdminApi
      .customForms(practiceId)
      .then(setCustomForms, (cause: unknown) => toast.error(errorMessageOf(cause)));
  }, [practiceId, show]);

  const calendar = calendars?.find((c) => c.calendar_id === selected) ?? null;
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('calendarAdmin.title')}
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t('calendarAdmin.newCalendar')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
          <List aria-label={t('calendarAdmin.listLabel')} dense>
            {calendars?.length === 0 && (
              <ListItem>
                <ListItemText primary={t('calendarAdmin.none')} />
              </ListItem>
            )}
            {calendars?.map((c) => (
              <ListItem key={c.calendar_id} disablePadding>
                <ListItemButton
                  selected={c.calendar_id === selected}
                  onClick={() => setSelected(c.calendar_id)}
                >
                  <ListItemText
                    primary={c.name}
                    secondary={t('calendarAdmin.listLine', {
                      type: t(`calendarAdmin.visitTypes.${c.visit_type}`),
                      days: openDaysOf(c, t),
                      step: c.time_step,
                    })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        {calendar && (
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <CalendarEditor
              key={`${calendar.calendar_id}`}
              calendar={calendar}
              customForms={customForms}
              onChanged={(position) => reload(position)}
            />
            <PastWeek key={`past-${calendar.calendar_id}`} calendar={calendar} />
          </Stack>
        )}
      </Stack>
      <CreateCalendarDialog
        open={creating}
        practiceId={practiceId}
        customForms={customForms}
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
