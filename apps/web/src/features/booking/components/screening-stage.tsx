import { type CustomFormView, INTAKE_MESSAGES } from '@medbook/contracts';
import {
  Alert,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { useTranslation } from '../../../shared/i18n';

type Answers = Record<string, Record<string, string>>;

/** Client-side rules, the same as the API's: every required question answered, yes/no as such. */
export function screeningErrors(forms: readonly CustomFormView[], answers: Answers) {
  const errors: Record<string, string> = {};
  for (const form of forms) {
    for (const question of form.questions) {
      const answer = (answers[form.id]?.[question.id] ?? '').trim();
      if (question.required && answer === '') {
        errors[`${form.id}/${question.id}`] = INTAKE_MESSAGES.answerRequired;
      }
    }
  }
  return errors;
}

interface Props {
  readonly loadForms: () => Promise<CustomFormView[]>;
  readonly submit: (formId: string, answers: Record<string, string>) => Promise<unknown>;
  readonly onDone: () => void;
}

/** SCREENING_FORM: the calendar's custom forms; each form's answers are stored before booking. */
export function ScreeningStage({ loadForms, submit, onDone }: Props) {
  const { t } = useTranslation();
  const [forms, setForms] = useState<readonly CustomFormView[] | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { formRef, announce, region } = useErrorAnnouncer();

  useEffect(() => {
    let live = true;
    loadForms().then(
      (loaded) => live && setForms(loaded),
      (cause: unknown) => {
        if (!live) return;
        setForms([]);
        setError(
          cause instanceof Error ? cause.message : 'The screening form could not be loaded.',
        );
      },
    );
    return () => {
      live = false;
    };
  }, [loadForms]);

  if (forms === null) return <CircularProgress aria-label={t('booking.screening.loading')} />;
  const errors = submitted ? screeningErrors(forms, answers) : {};
  const set = (formId: string, questionId: string, value: string) =>
    setAnswers((all) => ({ ...all, [formId]: { ...all[formId], [questionId]: value } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const refused = screeningErrors(forms, answers);
    if (Object.keys(refused).length > 0) {
      announce(
        forms.flatMap((form) =>
          form.questions.map((q) => [q.label, refused[`${form.id}/${q.id}`]] as const),
        ),
      );
      return;
    }
    setBusy(true);
    setError(null);
    try {
      for (const form of forms) await submit(form.id, answers[form.id] ?? {});
      onDone();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Your answers could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" ref={formRef} spacing={4} onSubmit={(e) => void onSubmit(e)} noValidate>
      {region}
      {forms.map((form) => (
        <Stack key={form.id} spacing={2} component="section" aria-label={form.title}>
          <Typography variant="h6" component="h2">
            {form.title}
          </Typography>
          {form.questions.map((question) => {
            const key = `${form.id}/${question.id}`;
            const value = answers[form.id]?.[question.id] ?? '';
            const message = errors[key];
            return question.kind === 'yes_no' ? (
              <FormControl key={key} error={Boolean(message)} required={question.required}>
                <FormLabel id={`${key}-label`}>{question.label}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`${key}-label`}
                  // Unanswered: marked, and where focus goes after a refused submit.
                  aria-invalid={message ? true : undefined}
                  tabIndex={message ? -1 : undefined}
                  name={key}
                  value={value}
                  onChange={(event) => set(form.id, question.id, event.target.value)}
                >
                  <FormControlLabel
                    value="yes"
                    control={<Radio />}
                    label={t('booking.screening.yes')}
                  />
                  <FormControlLabel
                    value="no"
                    control={<Radio />}
                    label={t('booking.screening.no')}
                  />
                </RadioGroup>
                {message && <FormHelperText>{message}</FormHelperText>}
              </FormControl>
            ) : (
              <TextField
                key={key}
                label={question.label}
                value={value}
                required={question.required}
                onChange={(event) => set(form.id, question.id, event.target.value)}
                error={Boolean(message)}
                helperText={message}
                multiline
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            );
          })}
        </Stack>
      ))}
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t('booking.continue')}
        </Button>
      </Stack>
    </Stack>
  );
}
