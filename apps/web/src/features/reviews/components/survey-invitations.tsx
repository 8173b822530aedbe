import type { VisitFeedbackView } from '@medbook/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { myVisits$ } from '../streams/my-visits.stream';

/** A survey is offered on the dashboard for a week after the visit's checkout. */
const OFFERED_DAYS = 7;
const DISMISSED_KEY = 'medbook.surveys-dismissed';

function dismissedIds(): string[] {
  try {
    const raw = localStorage.getItem(DISMISSED_KEY);
    return raw ? (JSON.parse(raw) as string[]) : [];
  } catch {
    return [];
  }
}

/** The visits whose survey was sent in the last week and not put away, latest first. */
export function offeredSurveys(
  visits: readonly VisitFeedbackView[],
  dismissed: readonly string[],
  now: DateTime,
): VisitFeedbackView[] {
  return visits.filter(
    (v) =>
      v.survey_link !== null &&
      v.survey_invited_at !== null &&
      !dismissed.includes(v.appointment_id) &&
      DateTime.fromISO(v.survey_invited_at) > now.minus({ days: OFFERED_DAYS }),
  );
}

/**
 * The patient's notice of each survey sent after a visit (the email's in-app twin), live: it
 * appears when the visit is checked out, opens the survey in a new tab, and can be put away.
 */
export function SurveyInvitations({ userId }: { userId: string }) {
  const visits$ = useMemo(() => myVisits$(userId), [userId]);
  const visits = useObservableState(visits$);
  const [dismissed, setDismissed] = useState(dismissedIds);
  const { t } = useTranslation();
  const offered = offeredSurveys(visits ?? [], dismissed, DateTime.now());
  if (offered.length === 0) return null;
  const dismiss = (appointmentId: string) => {
    const next = [...dismissed, appointmentId].slice(-100);
    setDismissed(next);
    try {
      localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Storage unavailable: put away for this page only.
    }
  };
  return (
    <Stack spacing={1.5} data-testid="survey-invitations">
      {offered.map((visit) => (
        <Alert
          key={visit.appointment_id}
          severity="info"
          data-testid="survey-invitation"
          data-survey-for={visit.appointment_id}
          onClose={() => dismiss(visit.appointment_id)}
          closeText={t('reviews.dismissSurvey')}
        >
          <AlertTitle>{t('reviews.takeSurvey')}</AlertTitle>
          {t('reviews.surveyAbout', {
            provider: visit.provider_name ?? t('reviews.yourProvider'),
            date: formatDate(
              DateTime.fromISO(visit.start_date, { zone: visit.time_zone }),
              'MMMM d, y',
              { month: 'long', day: 'numeric', year: 'numeric' },
            ),
          })}
          <div>
            <Button
              size="small"
              variant="contained"
              href={visit.survey_link!}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNew aria-hidden />}
              aria-label={t('reviews.opensNewTab', { label: t('reviews.startSurvey') })}
              data-testid="survey-invitation-start"
              sx={{ mt: 1 }}
            >
              {t('reviews.startSurvey')}
            </Button>
          </div>
        </Alert>
      ))}
    </Stack>
  );
}
