import type { SurveyInfoView } from '@medbook/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { currentUser, signedOut } from '../../../shared/session';
import { api } from '../../../shared/api-client';
import { reviewsApi } from '../api/reviews-api';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Spec 2.7: the survey welcome page at appointments/{id}/start-survey. */
export function SurveyWelcomePage() {
  const { appointmentId = '' } = useParams();
  const [info, setInfo] = useState<SurveyInfoView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    let live = true;
    // The page signs out whoever is signed in first (the link may be opened on a shared device).
    const signOut = currentUser()
      ? api<null>('POST', '/auth/logout')
          .catch(() => undefined)
          .finally(signedOut)
      : Promise.resolve();
    void signOut
      .then(() => reviewsApi.surveyInfo(appointmentId))
      .then(
        (found) => live && setInfo(found),
        (caught: unknown) => live && setError(errorMessageOf(caught)),
      );
    return () => {
      live = false;
    };
  }, [appointmentId]);

  if (error) {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert severity="info" data-testid="survey-error">
          {translateText(error)}
        </Alert>
      </Box>
    );
  }
  if (!info) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('reviews.loadingSurvey')} />
      </Box>
    );
  }
  const owner = info.provider ?? info.resource;
  const when = DateTime.fromISO(info.start_date, { zone: info.patient_time_zone });
  const address = info.facility.address ?? info.practice.address;
  const phone = info.facility.phone_number ?? info.practice.phone;
  const instructions = owner?.patient_survey_instructions;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700 }}
          data-testid="survey-welcome"
        >
          {t('reviews.welcome')} {info.patient.name.first_name}
        </Typography>
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {t('reviews.takeSurvey')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
          <Avatar
            src={owner?.profile_picture_uri ?? undefined}
            alt={owner?.name ?? ''}
            sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 24 }}
            data-testid="survey-photo"
          >
            {owner ? initials(owner.name) : null}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            {owner && (
              <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
                {owner.name}
              </Typography>
            )}
            <Typography data-testid="survey-practice">{info.practice.name}</Typography>
            <Typography variant="body2" color="text.secondary" data-testid="survey-when">
              <time dateTime={info.start_date}>
                {formatDate(when, 'EEEE, MMMM d, y', {
                  weekday: 'long',
                  month: 'long',
                  day: 'numeric',
                  year: 'numeric',
                })}{' '}
                ·{' '}
                {formatDate(when, 'h:mm a ZZZZ', {
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZoneName: 'short',
                })}
              </time>
            </Typography>
          </Box>
        </Stack>
        <Stack spacing={0.5} sx={{ mt: 2 }}>
          {address && (
            <Typography variant="body2" component="address" sx={{ fontStyle: 'normal' }}>
              {address}
            </Typography>
          )}
          {phone && (
            <Link
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
              variant="body2"
              data-testid="survey-phone"
            >
              {phone}
            </Link>
          )}
        </Stack>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('reviews.whatToExpect')}
        </Typography>
        {instructions && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }} data-testid="survey-instructions">
            {instructions}
          </Typography>
        )}
        <Button
          variant="contained"
          size="large"
          sx={{ mt: 3 }}
          href={info.survey_link}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew aria-hidden />}
          data-testid="start-survey"
          aria-label={t('reviews.opensNewTab', { label: t('reviews.startSurvey') })}
        >
          {t('reviews.startSurvey')}
        </Button>
      </Paper>
    </Box>
  );
}
