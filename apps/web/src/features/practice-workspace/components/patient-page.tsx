import {
  type AppointmentView,
  PATIENT_DETAILS_MESSAGES,
  type PatientDetailsView,
  type UserView,
} from '@medbook/contracts';
import Edit from '@mui/icons-material/Edit';
import History from '@mui/icons-material/History';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { connection$ } from '../../../live/live-socket';
import { settled } from '../../../live/settled';
import { ApiError } from '../../../shared/api-client';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { patientDetailsApi } from '../../../shared/patient-details/patient-details-api';
import { PatientDetailsDialog } from '../../../shared/patient-details/patient-details-dialog';
import { patientAuditPath, patientPagePath } from '../../../shared/role-paths';
import { toast } from '../../../shared/toast';
import { workspaceApi } from '../api/workspace-api';
import { ageOn, fullName, groupVisits, mayReadAudit, phoneText } from '../patient-page-rules';
import { practiceRead$ } from '../streams/practice-live.stream';
import { PatientVisits } from './patient-visits';

/** What the app composes in: an appointment's detail (the schedule's drawer). */
export interface VisitDetailProps {
  readonly appointmentId: string | null;
  readonly summary: AppointmentView | undefined;
  readonly onClose: () => void;
  /** A change was made there: the visits read again at its position. */
  readonly onChanged: (position: number) => void;
}

type Loaded =
  | { readonly id: string; readonly view: PatientDetailsView; readonly error?: undefined }
  | { readonly id: string; readonly view?: undefined; readonly error: unknown };

/** The page's message for a patient that cannot be shown (another practice's, or none). */
function loadError(error: unknown): 'forbidden' | 'notFound' | { readonly text: string } {
  if (error instanceof ApiError && error.status === 403) return 'forbidden';
  if (error instanceof ApiError && error.status === 404) return 'notFound';
  return { text: translateText(errorMessageOf(error)) };
}

/**
 * One patient as the practice sees them (a chart header): who they are, their visits with the
 * practice (live, each opening its detail) and, for the practice's admins, their audit trail.
 */
export function PatientPage(props: {
  user: UserView & { practice_id: string };
  patientId: string;
  visitDetail: (detail: VisitDetailProps) => ReactNode;
}) {
  const { user, patientId } = props;
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reads, setReads] = useState(0);
  const [holder, setHolder] = useState<{ id: string; name: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const [search, setSearch] = useSearchParams();
  const [changed, changed$] = useObservableCallback<number>();

  useEffect(() => {
    let live = true;
    patientDetailsApi.get(patientId).then(
      (view) => live && setLoaded({ id: patientId, view }),
      (error: unknown) => live && setLoaded({ id: patientId, error }),
    );
    return () => {
      live = false;
    };
  }, [patientId, reads]);

  const current = loaded?.id === patientId ? loaded : null;
  const patient = current?.view ?? null;
  const holderId = patient?.kind === 'family-member' ? patient.account_holder_id : null;

  // The account holder's name, when the practice may read it too.
  useEffect(() => {
    if (!holderId) return;
    let live = true;
    patientDetailsApi.get(holderId).then(
      (view) => live && setHolder({ id: holderId, name: fullName(view) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [holderId]);

  const visits$ = useMemo(
    () =>
      settled(
        practiceRead$(
          user.practice_id,
          (position) => workspaceApi.patientVisits(patientId, position),
          changed$,
        ),
      ),
    [user.practice_id, patientId, changed$],
  );
  const visits = useObservableState(visits$);
  const connection = useObservableState(connection$);

  const openedId = search.get('appointment');
  const open = (appointmentId: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (appointmentId) next.set('appointment', appointmentId);
        else next.delete('appointment');
        return next;
      },
      { replace: true },
    );

  if (!current) {
    return (
      <Box sx={{ pt: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('practicePatient.title')}
        </Typography>
        <CircularProgress aria-label={t('practicePatient.loading')} />
      </Box>
    );
  }
  if (!patient) {
    return (
      <Stack spacing={2} sx={{ pt: { xs: 1.5, md: 2.5 } }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 600, fontSize: { xs: 26, md: 32 } }}
        >
          {t('practicePatient.title')}
        </Typography>
        <Alert severity="warning" data-testid="patient-page-error">
          {(() => {
            const why = loadError(current.error);
            return typeof why === 'string' ? t(`practicePatient.${why}`) : why.text;
          })()}
        </Alert>
      </Stack>
    );
  }

  const name = fullName(patient);
  const all = visits?.value;
  const grouped = all ? groupVisits(all, DateTime.now()) : null;
  return (
    <Stack spacing={3} sx={{ pt: { xs: 1.5, md: 2.5 }, maxWidth: 1100 }}>
      <PatientCard
        patient={patient}
        holder={holder?.id === holderId ? holder : null}
        audit={mayReadAudit(user.type)}
        onEdit={() => setEditing(true)}
      />
      <Stack spacing={2} component="section" aria-labelledby="patient-visits-title">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography
            id="patient-visits-title"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 600 }}
          >
            {t('practicePatient.visits')}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={connection === 'live' ? 'success' : 'default'}
            label={
              connection === 'live' ? t('practicePatient.live') : t('practicePatient.reconnecting')
            }
            data-testid="patient-visits-connection"
          />
        </Stack>
        {visits?.error !== undefined && (
          <Alert severity="error">{translateText(errorMessageOf(visits.error))}</Alert>
        )}
        {!visits && <CircularProgress aria-label={t('practicePatient.loadingVisits')} />}
        {grouped && (
          <>
            <PatientVisits
              id="upcoming"
              title={t('practicePatient.upcoming')}
              empty={t('practicePatient.noUpcoming')}
              visits={grouped.upcoming}
              onOpen={open}
            />
            <PatientVisits
              id="past"
              title={t('practicePatient.past')}
              empty={t('practicePatient.noPast')}
              visits={grouped.past}
              onOpen={open}
            />
          </>
        )}
      </Stack>
      {props.visitDetail({
        appointmentId: openedId,
        summary: all?.find((a) => a.appointment_id === openedId),
        onClose: () => open(null),
        onChanged: (position) => changed(position),
      })}
      <PatientDetailsDialog
        open={editing}
        patientId={patient.id}
        name={name}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          toast.success(PATIENT_DETAILS_MESSAGES.saved);
          setReads((n) => n + 1);
          // A changed name shows in the visits too.
          changed(saved.position);
        }}
      />
    </Stack>
  );
}

/** The chart header: the patient's name, age and contact details, and what can be done. */
function PatientCard(props: {
  patient: PatientDetailsView;
  holder: { id: string; name: string } | null;
  audit: boolean;
  onEdit: () => void;
}) {
  const { patient, holder } = props;
  const { t } = useTranslation();
  const name = fullName(patient);
  const age = ageOn(patient.birth_date, DateTime.now());
  const born = patient.birth_date ? DateTime.fromISO(patient.birth_date) : null;
  const family = patient.kind === 'family-member';
  const initials = `${patient.first_name.charAt(0)}${patient.last_name.charAt(0)}`.toUpperCase();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="patient-name"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
      data-testid="patient-card"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', minWidth: 0 }}>
          <Avatar
            aria-hidden
            sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 600, fontSize: 22 }}
          >
            {initials}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id="patient-name"
              variant="h4"
              component="h1"
              sx={{ fontWeight: 600, fontSize: { xs: 24, md: 30 }, overflowWrap: 'anywhere' }}
              data-testid="patient-name"
            >
              {name}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip
                size="small"
                variant="outlined"
                label={family ? t('practicePatient.familyMember') : t('practicePatient.account')}
              />
            </Stack>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', flexShrink: 0 }}>
          <Button
            variant="contained"
            startIcon={<Edit />}
            onClick={props.onEdit}
            aria-label={t('practicePatient.editDetailsOf', { name })}
            data-testid="patient-edit"
          >
            {t('practicePatient.editDetails')}
          </Button>
          {props.audit && (
            <Button
              variant="outlined"
              component={RouterLink}
              to={patientAuditPath(patient.id)}
              startIcon={<History />}
              aria-label={t('practicePatient.auditHistoryOf', { name })}
              data-testid="patient-audit-link"
            >
              {t('practicePatient.auditHistory')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box
        component="dl"
        aria-label={t('practicePatient.details')}
        sx={{
          m: 0,
          mt: 2.5,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
        data-testid="patient-facts"
      >
        <Fact label={t('practicePatient.birthDate')} testId="patient-birth-date">
          {born?.isValid ? (
            <>
              {formatDate(born, 'LLL d, yyyy', { month: 'short', day: 'numeric', year: 'numeric' })}
              {age !== null && (
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                  data-testid="patient-age"
                >
                  {t('practicePatient.age', { count: age })}
                </Typography>
              )}
            </>
          ) : null}
        </Fact>
        <Fact label={t('practicePatient.gender')} testId="patient-gender">
          {patient.gender ? translateText(patient.gender) : null}
        </Fact>
        {family ? (
          <Fact label={t('practicePatient.relationship')} testId="patient-relationship">
            {patient.relationship ? translateText(patient.relationship) : null}
          </Fact>
        ) : (
          <Fact label={t('practicePatient.mobile')} testId="patient-mobile">
            {patient.mobile_number ? (
              <Link href={`tel:${patient.mobile_number}`}>{phoneText(patient.mobile_number)}</Link>
            ) : null}
          </Fact>
        )}
        {family ? (
          <Fact label={t('practicePatient.accountHolder')} testId="patient-holder" wide>
            {holder ? (
              <Link
                component={RouterLink}
                to={patientPagePath(holder.id)}
                aria-label={t('practicePatient.openHolder', { name: holder.name })}
              >
                {holder.name}
              </Link>
            ) : (
              patient.account_holder_id
            )}
          </Fact>
        ) : (
          <Fact label={t('practicePatient.zip')} testId="patient-zip">
            {patient.zip_code}
          </Fact>
        )}
        <Fact label={t('practicePatient.email')} testId="patient-email" wide>
          {patient.email ? <Link href={`mailto:${patient.email}`}>{patient.email}</Link> : null}
        </Fact>
      </Box>
    </Paper>
  );
}

/** A label and its value; a value not on file says so. `wide` takes the whole row on a phone. */
function Fact(props: { label: string; children: ReactNode; testId: string; wide?: boolean }) {
  const { t } = useTranslation();
  const missing = props.children === null || props.children === undefined || props.children === '';
  return (
    <Box sx={{ minWidth: 0, gridColumn: props.wide ? { xs: '1 / -1', md: 'auto' } : undefined }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
        color={missing ? 'text.secondary' : undefined}
        data-testid={props.testId}
      >
        {missing ? t('practicePatient.notOnFile') : props.children}
      </Typography>
    </Box>
  );
}
