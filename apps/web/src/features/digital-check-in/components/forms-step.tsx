import {
  type CustomFormView,
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInView,
} from '@medbook/contracts';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi } from '../api/digital-check-in-api';
import { Section } from './check-in-section';

export function FormsStep(props: {
  view: DigitalCheckInView;
  patientId: string;
  onChanged: (p: number) => void;
}) {
  const { view, patientId, onChanged } = props;
  const [forms, setForms] = useState<CustomFormView[] | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const open = async () => setForms(await digitalCheckInApi.customForms(view.calendar_id));
  const submit = async (form: CustomFormView) => {
    setBusy(true);
    try {
      const { screening_id } = await digitalCheckInApi.submitScreening(view.calendar_id, {
        patient_id: patientId,
        form_id: form.id,
        answers,
      });
      const answer = await digitalCheckInApi.formsAnswered(view.appointment_id, screening_id);
      toast.success(M.formsRecorded);
      onChanged(answer.position);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const form = forms?.[0];
  return (
    <Section title={t('checkIn.forms')} done={view.forms.done} testId="forms-step">
      {view.forms.done ? (
        <Typography>{t('checkIn.answersSent')}</Typography>
      ) : !form ? (
        <Button variant="outlined" onClick={() => void open()}>
          {t('checkIn.answerForms')}
        </Button>
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="subtitle1">{form.title}</Typography>
          {form.questions.map((q) => (
            <TextField
              key={q.id}
              label={q.label}
              select={q.kind === 'yes_no'}
              required={q.required}
              value={answers[q.id] ?? ''}
              onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
              fullWidth
            >
              {q.kind === 'yes_no'
                ? [
                    <MenuItem key="yes" value="yes">
                      {t('checkIn.yes')}
                    </MenuItem>,
                    <MenuItem key="no" value="no">
                      {t('checkIn.no')}
                    </MenuItem>,
                  ]
                : undefined}
            </TextField>
          ))}
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void submit(form)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('checkIn.sendAnswers')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}
