import { REVIEW_COMMENT_MAX, type VisitFeedbackView } from '@medbook/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  Paper,
  Rating,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { currentUser } from '../../../shared/session';
import { toast } from '../../../shared/toast';
import { reviewsApi } from '../api/reviews-api';

/**
 * The review of one completed visit (/patient-review/appointments/:id): a rating of 1 to 5 stars
 * and an optional comment, once, by the visit's patient; a visitor logs in first through the
 * patient-review login variant, which comes back here.
 */
export function ReviewPage() {
  const { appointmentId = '' } = useParams();
  const user = currentUser();
  const [visit, setVisit] = useState<VisitFeedbackView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [tried, setTried] = useState(false);
  const { t } = useTranslation();

  useEffect(() => {
    if (!user) return;
    reviewsApi.visit(appointmentId).then(setVisit, (caught: unknown) => {
      setError(errorMessageOf(caught));
    });
  }, [appointmentId, user]);

  if (!user) {
    return (
      <Navigate to={`/patient-review?appointmentId=${encodeURIComponent(appointmentId)}`} replace />
    );
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!rating) return;
    setSending(true);
    try {
      const { position } = await reviewsApi.review(appointmentId, rating, comment);
      toast.success(t('reviews.thanksToast'));
      setVisit(await reviewsApi.visit(appointmentId, position));
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setSending(false);
    }
  }

  const when = visit ? DateTime.fromISO(visit.start_date, { zone: visit.time_zone }) : null;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="review-title"
        sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
      >
        <Typography id="review-title" variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('reviews.howWasVisit')}
        </Typography>
        {visit && when && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="review-visit">
            {visit.provider_name ?? t('reviews.yourProvider')} ·{' '}
            {formatDate(when, 'EEEE, MMMM d, y · h:mm a', {
              weekday: 'long',
              month: 'long',
              day: 'numeric',
              year: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
            })}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="review-error">
            {translateText(error)}
          </Alert>
        )}
        {!visit && !error && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('reviews.loadingVisit')} />
          </Box>
        )}
        {visit && !visit.completed && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('reviews.notYetTakenPlace')}
          </Alert>
        )}
        {visit?.review && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="review-thanks">
            {t('reviews.ratedThanks', { rating: visit.review.rating })}
          </Alert>
        )}
        {visit?.completed && !visit.review && (
          <Stack
            component="form"
            spacing={2}
            sx={{ mt: 3 }}
            onSubmit={(e) => void send(e)}
            noValidate
          >
            <Box>
              <Typography id="rating-label" component="p" sx={{ fontWeight: 600 }}>
                {t('reviews.yourRating')}
              </Typography>
              <Rating
                name="visit-rating"
                value={rating}
                onChange={(_, value) => setRating(value)}
                size="large"
                aria-labelledby="rating-label"
                data-testid="review-rating"
              />
              {tried && !rating && (
                <Typography variant="body2" color="error" role="alert">
                  {t('reviews.chooseStars')}
                </Typography>
              )}
            </Box>
            <TextField
              label={t('reviews.commentOptional')}
              multiline
              minRows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              helperText={`${comment.length} / ${REVIEW_COMMENT_MAX}`}
              slotProps={{
                htmlInput: { maxLength: REVIEW_COMMENT_MAX, 'data-testid': 'review-comment' },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={sending}
              data-testid="review-send"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('reviews.sendReview')}
            </Button>
          </Stack>
        )}
        {visit?.survey_link && (
          <Typography variant="body2" sx={{ mt: 3 }}>
            <Link
              href={visit.survey_link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="review-survey-link"
            >
              {t('reviews.takeProviderSurvey')}
            </Link>
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
