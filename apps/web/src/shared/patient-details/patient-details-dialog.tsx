import type { PatientDetailsView, UpdatePatientDto } from '@medbook/contracts';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../error-message';
import { translateText, useTranslation } from '../i18n';
import { patientDetailsApi, type PatientDetailsSaved } from './patient-details-api';
import { PatientDetailsForm } from './patient-details-form';

/**
 * A patient's details in a dialog: read with `GET /patients/{id}` when it opens (the patient's
 * kind decides whether the mobile number and zip code or the relationship show), saved with the
 * form's PUT. MUI moves the focus into the dialog and back to the button that opened it.
 */
export function PatientDetailsDialog(props: {
  readonly open: boolean;
  /** The patient to edit (kept while the dialog closes, so its content stays until it is gone). */
  readonly patientId: string | null;
  /** The name to title the dialog with while the details load. */
  readonly name: string;
  readonly onClose: () => void;
  readonly onSaved: (saved: PatientDetailsSaved, body: UpdatePatientDto) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { patientId } = props;
  return (
    <Dialog
      open={props.open && !!patientId}
      onClose={props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="patient-details-dialog-title"
      data-testid="patient-details-dialog"
    >
      <DialogTitle id="patient-details-dialog-title">
        {t('patientDetails.editDetailsOf', { name: props.name })}
      </DialogTitle>
      <DialogContent>
        {/* Mounted while the dialog is: each opening reads the details afresh. */}
        {patientId && (
          <PatientDetailsBody
            patientId={patientId}
            onClose={props.onClose}
            onSaved={props.onSaved}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PatientDetailsBody(props: {
  readonly patientId: string;
  readonly onClose: () => void;
  readonly onSaved: (saved: PatientDetailsSaved, body: UpdatePatientDto) => void;
}) {
  const { t } = useTranslation();
  const { patientId } = props;
  const [loaded, setLoaded] = useState<{ id: string; view: PatientDetailsView } | null>(null);
  const [error, setError] = useState<{ id: string; message: string } | null>(null);
  useEffect(() => {
    let live = true;
    patientDetailsApi.get(patientId).then(
      (view) => live && setLoaded({ id: patientId, view }),
      (cause: unknown) => live && setError({ id: patientId, message: errorMessageOf(cause) }),
    );
    return () => {
      live = false;
    };
  }, [patientId]);
  const view = loaded?.id === patientId ? loaded.view : null;
  const failed = error?.id === patientId ? error.message : null;
  return (
    // The title's space above the fields' labels.
    <Box sx={{ pt: 1 }}>
      {failed ? (
        <Alert severity="error" data-testid="patient-details-dialog-load-error">
          {translateText(failed)}
        </Alert>
      ) : !view ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('patientDetails.loading')} />
        </Box>
      ) : (
        <PatientDetailsForm
          key={view.id}
          patient={view}
          idPrefix="patient-details-dialog"
          autoFocus
          onCancel={props.onClose}
          onSaved={props.onSaved}
        />
      )}
    </Box>
  );
}
