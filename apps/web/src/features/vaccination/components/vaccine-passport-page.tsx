import { Navigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { currentUser } from '../../../shared/session';
import { passportOutcome } from '../passport-outcome';
import { rememberPassportVisitor } from '../passport-visitor';
import { PassportCard } from './passport-card';
import { Failed, Loading, PassportLayout } from './passport-layout';
import { useFamilyPassports } from './use-family-passports';

/** /vaccine-passport for a signed-in patient: their passport, the family page, or no-record. */
export function VaccinePassportPage() {
  const user = currentUser()!;
  const state = useFamilyPassports(user.id);
  const { t } = useTranslation();
  if (state.kind === 'loading') return <Loading label={t('vaccination.loadingPassport')} />;
  if (state.kind === 'failed') {
    return (
      <PassportLayout title={t('vaccination.passportTitle')}>
        <Failed message={state.message} />
      </PassportLayout>
    );
  }
  rememberPassportVisitor(user.name.first_name);
  const outcome = passportOutcome(state.people);
  if (outcome.kind !== 'own') return <Navigate to={outcome.to} replace />;
  return (
    <PassportLayout title={t('vaccination.passportTitle')}>
      <PassportCard passport={outcome.person.passport!} />
    </PassportLayout>
  );
}
