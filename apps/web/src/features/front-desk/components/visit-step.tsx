import type { CalendarView } from '@medbook/contracts';
import { Button, Stack } from '@mui/material';
import { type FormEvent, useState } from 'react';
import {
  NO_REASON,
  reasonText,
  VisitReasonFields,
} from '../../../shared/front-desk/visit-reason-fields';
import { useTranslation } from '../../../shared/i18n';

/** The visit, then the booking itself. */
export function VisitStep(props: {
  calendar: CalendarView;
  busy: boolean;
  onBook: (reason: string) => void;
}) {
  const [reason, setReason] = useState(NO_REASON);
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onBook(reasonText(reason));
  };
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={submit}
      aria-label={t('frontDesk.visit')}
      sx={{ maxWidth: 560 }}
    >
      <VisitReasonFields
        reasons={props.calendar.reasons}
        value={reason}
        onChange={setReason}
        autoFocus
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={props.busy}>
          {t('frontDesk.bookAppointment')}
        </Button>
      </Stack>
    </Stack>
  );
}
