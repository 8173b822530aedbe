import {
  REPUTATION_BUSINESS_ID_MAX,
  REVIEW_PLACE_ID_MAX,
  REVIEWS_URL_MAX,
  SURVEY_INSTRUCTIONS_MAX,
  SURVEY_LINK_MAX,
  type SurveySettingsDto,
  type SurveySettingsView,
} from '@medbook/contracts';
import {
  Alert,
  Button,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { reviewsApi } from '../api/reviews-api';

const formOf = (view: SurveySettingsView): Required<SurveySettingsDto> => ({
  post_visit_survey_enabled: view.post_visit_survey_enabled,
  post_visit_feedback_enabled: view.post_visit_feedback_enabled,
  patient_survey_instructions: view.patient_survey_instructions ?? '',
  survey_link_base: view.survey_link_base ?? '',
  has_reputation_enabled: view.has_reputation_enabled,
  reputation_business_id: view.reputation_business_id ?? '',
  place_id: view.place_id ?? '',
  reviews_url: view.reviews_url ?? '',
});

/** One provider's post-visit survey and reputation settings; read-only for those who may not edit. */
export function SurveySettingsForm({
  settings,
  editable,
  onSaved,
}: {
  settings: SurveySettingsView;
  editable: boolean;
  onSaved: (position: number) => void;
}) {
  const [form, setForm] = useState(() => formOf(settings));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const id = settings.provider_id;
  const set = <K extends keyof SurveySettingsDto>(key: K, value: SurveySettingsDto[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const { position } = await reviewsApi.saveSettings(id, form);
      toast.success(t('reviews.saved'));
      onSaved(position);
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={(e) => void save(e)}
      noValidate
      aria-labelledby={`survey-settings-${id}`}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      data-testid="survey-settings-form"
    >
      <Typography id={`survey-settings-${id}`} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {settings.provider_name}
      </Typography>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {error && (
          <Alert severity="error" data-testid="survey-settings-error">
            {translateText(error)}
          </Alert>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={form.post_visit_survey_enabled}
              onChange={(e) => set('post_visit_survey_enabled', e.target.checked)}
              disabled={!editable}
              slotProps={{ input: { 'data-testid': 'post-visit-survey' } as object }}
            />
          }
          label={t('reviews.sendSurvey')}
        />
        <TextField
          label={t('reviews.surveyLink')}
          type="url"
          value={form.survey_link_base}
          onChange={(e) => set('survey_link_base', e.target.value)}
          disabled={!editable}
          helperText={t('reviews.surveyLinkHelp')}
          slotProps={{
            htmlInput: { maxLength: SURVEY_LINK_MAX, 'data-testid': 'survey-link-base' },
          }}
        />
        <TextField
          label={t('reviews.instructions')}
          multiline
          minRows={2}
          value={form.patient_survey_instructions}
          onChange={(e) => set('patient_survey_instructions', e.target.value)}
          disabled={!editable}
          slotProps={{
            htmlInput: {
              maxLength: SURVEY_INSTRUCTIONS_MAX,
              'data-testid': 'survey-instructions-field',
            },
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={form.post_visit_feedback_enabled}
              onChange={(e) => set('post_visit_feedback_enabled', e.target.checked)}
              disabled={!editable}
            />
          }
          label={t('reviews.askReview')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={form.has_reputation_enabled}
              onChange={(e) => set('has_reputation_enabled', e.target.checked)}
              disabled={!editable}
            />
          }
          label={t('reviews.reputation')}
        />
        <TextField
          label={t('reviews.businessId')}
          value={form.reputation_business_id}
          onChange={(e) => set('reputation_business_id', e.target.value)}
          disabled={!editable}
          slotProps={{
            htmlInput: {
              maxLength: REPUTATION_BUSINESS_ID_MAX,
              'data-testid': 'reputation-business-id',
            },
          }}
        />
        <TextField
          label={t('reviews.placeId')}
          value={form.place_id}
          onChange={(e) => set('place_id', e.target.value)}
          disabled={!editable}
          slotProps={{
            htmlInput: { maxLength: REVIEW_PLACE_ID_MAX, 'data-testid': 'review-place-id' },
          }}
        />
        <TextField
          label={t('reviews.reviewsUrl')}
          type="url"
          value={form.reviews_url}
          onChange={(e) => set('reviews_url', e.target.value)}
          disabled={!editable}
          slotProps={{
            htmlInput: { maxLength: REVIEWS_URL_MAX, 'data-testid': 'review-site-url' },
          }}
        />
        {editable && (
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="survey-settings-save"
          >
            {t('reviews.save')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
