import type { PracticePatientView, VaccinationView } from '@medbook/contracts';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { PatientFinder } from '../../../shared/front-desk/patient-finder';
import { patientName } from '../../../shared/front-desk/patient-text';
import { vaccinationsOf } from '../api/vaccination-api';
import { calendarDay } from './passport-details';
import { RecordVaccinationForm } from './record-vaccination-form';

/** The practice records a dose: find the patient, see their record, add what was given. */
export function RecordVaccinationPage({ practiceId }: { practiceId: string }) {
  const [patient, setPatient] = useState<PracticePatientView | null>(null);
  const { t } = useTranslation();
  const title = t('vaccination.vaccinations');
  useEffect(() => {
    document.title = `${title} | MedBook`;
  }, [title]);
  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {patient ? (
        <PatientVaccinations
          key={patient.patient_id}
          practiceId={practiceId}
          patient={patient}
          onChangePatient={() => setPatient(null)}
        />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography sx={{ mb: 2 }}>{t('vaccination.findPatient')}</Typography>
          <PatientFinder practiceId={practiceId} onPicked={setPatient} autoFocus />
        </Paper>
      )}
    </Box>
  );
}

function PatientVaccinations(props: {
  practiceId: string;
  patient: PracticePatientView;
  onChangePatient: () => void;
}) {
  const { patient } = props;
  const { t } = useTranslation();
  const [record, setRecord] = useState<VaccinationView[] | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    (position?: number) =>
      vaccinationsOf(patient.patient_id, position).then(
        (found) => setRecord(found ?? []),
        (cause: unknown) => setError(errorMessageOf(cause)),
      ),
    [patient.patient_id],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Typography variant="h6" component="h2" data-testid="vaccination-patient">
              {patientName(patient)}
            </Typography>
            {patient.birth_date && (
              <Typography color="text.secondary">
                {t('vaccination.born', { date: calendarDay(patient.birth_date) })}
              </Typography>
            )}
          </Box>
          <Button
            onClick={props.onChangePatient}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {t('vaccination.anotherPatient')}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translateText(error)}
          </Alert>
        )}
        {record && record.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('vaccination.noneRecorded')}
          </Typography>
        )}
        {record && record.length > 0 && (
          <Box
            component="ul"
            sx={{ pl: 2.5, mb: 0 }}
            aria-label={t('vaccination.recordedVaccinations')}
            data-testid="vaccination-record"
          >
            {record.map((v) => (
              <li key={v.vaccination_id}>
                {t('vaccination.recordLine', {
                  vaccine: v.vaccine_name,
                  kind:
                    v.vaccine_kind === 'Covid' ? t('vaccination.covid') : t('vaccination.other'),
                  dose: v.dose_number,
                  date: calendarDay(v.administered_on),
                  lot: v.lot_number,
                  practice: v.practice_name,
                })}
              </li>
            ))}
          </Box>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('vaccination.recordTitle')}
        </Typography>
        <RecordVaccinationForm
          practiceId={props.practiceId}
          patientId={patient.patient_id}
          onRecorded={(position) => void load(position)}
        />
      </Paper>
    </Stack>
  );
}
