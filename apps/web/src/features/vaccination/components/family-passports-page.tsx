import { Alert, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../shared/i18n';
import { currentUser } from '../../../shared/session';
import { PassportCard } from './passport-card';
import { Failed, Loading, PassportLayout } from './passport-layout';
import { useFamilyPassports } from './use-family-passports';

/** /vaccine-passport/family: the patient's own passport and each family member's. */
export function FamilyPassportsPage() {
  const user = currentUser()!;
  const state = useFamilyPassports(user.id);
  const { t } = useTranslation();
  return (
    <PassportLayout title={t('vaccination.familyTitle')}>
      {state.kind === 'loading' && <Loading label={t('vaccination.loadingFamily')} />}
      {state.kind === 'failed' && <Failed message={state.message} />}
      {state.kind === 'loaded' && (
        <Stack spacing={4}>
          {state.people.map((person) => (
            <Stack
              component="section"
              key={person.patient_id}
              spacing={1.5}
              aria-label={person.name}
            >
              <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
                {person.name}
                {person.relationship && (
                  <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                    ({person.relationship})
                  </Typography>
                )}
              </Typography>
              {person.passport ? (
                <PassportCard passport={person.passport} />
              ) : (
                <Alert severity="info" data-testid="family-no-record">
                  {t('vaccination.familyNoRecord')}
                </Alert>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </PassportLayout>
  );
}
