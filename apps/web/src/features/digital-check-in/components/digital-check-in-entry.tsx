import type { AppointmentView } from '@medbook/contracts';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Button } from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { catchError, defer, map, type Observable, of, shareReplay } from 'rxjs';
import { useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';
import { digitalCheckInApi } from '../api/digital-check-in-api';

/** One read per patient while their cards show: the visits whose check-in is on. */
const reads = new Map<string, Observable<ReadonlySet<string>>>();

function upcomingCheckIns$(patientId: string): Observable<ReadonlySet<string>> {
  let read = reads.get(patientId);
  if (!read) {
    read = defer(() => digitalCheckInApi.upcoming(patientId)).pipe(
      map((view): ReadonlySet<string> => new Set(view.appointment_ids)),
      // A failed read offers nothing: the card stays as it was.
      catchError(() => of<ReadonlySet<string>>(new Set())),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    reads.set(patientId, read);
  }
  return read;
}

/**
 * The patient dashboard's way into digital check-in: on an upcoming visit whose provider has it
 * on (the API says which), a link to the check-in's first step.
 */
export function DigitalCheckInEntry(props: { appointment: AppointmentView; patientId: string }) {
  const { t } = useTranslation();
  const { appointment: a } = props;
  const enabled = useObservableState(
    useMemo(() => upcomingCheckIns$(props.patientId), [props.patientId]),
  );
  if (!enabled?.has(a.appointment_id)) return null;
  const when = formatDate(
    DateTime.fromISO(a.start_date, { zone: a.time_zone }),
    'MMMM d, h:mm a',
    DATE_FORMATS.monthDayTime,
  );
  return (
    <Button
      size="small"
      variant="contained"
      color="secondary"
      startIcon={<FactCheckOutlined />}
      component={RouterLink}
      to={`/patient/consent?aptId=${encodeURIComponent(a.appointment_id)}`}
      data-testid="digital-check-in-entry"
      aria-label={t('checkIn.startCheckInLabel', {
        provider: a.provider_name ?? a.resource_name ?? '',
        when,
      })}
    >
      {t('checkIn.startCheckIn')}
    </Button>
  );
}
