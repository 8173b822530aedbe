import { PATIENT_DETAILS_MESSAGES, type PracticePatientView } from '@medbook/contracts';
import AccountBox from '@mui/icons-material/AccountBox';
import Edit from '@mui/icons-material/Edit';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Search from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Subject } from 'rxjs';
import { NewPatientForm } from './new-patient-form';
import { MIN_QUERY, patientSearch$, type PatientSearchState } from './patient-search.stream';
import { namesFromSearch, patientDetails, patientName } from './patient-text';
import { translateText, useTranslation } from '../i18n';
import { PatientDetailsDialog } from '../patient-details/patient-details-dialog';
import { patientPagePath } from '../role-paths';
import { toast } from '../toast';

/**
 * Finds the patient at the desk: type a name, phone or birth date and pick a result (arrow keys
 * and Enter work), or register a new patient from what was typed. With `editable`, each result
 * has an "Edit details" button: the patient's details in a dialog, and the results searched
 * again once they are saved; a patient of the practice's also has "Open patient", their page.
 */
export function PatientFinder(props: {
  practiceId: string;
  onPicked: (patient: PracticePatientView) => void;
  autoFocus?: boolean;
  editable?: boolean;
}) {
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const { t } = useTranslation();
  const [type, typed$] = useObservableCallback<string>();
  const { practiceId } = props;
  // A saved change's position: the same text searched again, at that position.
  const refresh$ = useMemo(() => new Subject<number>(), []);
  const search$ = useMemo(
    () => patientSearch$(practiceId, typed$, undefined, refresh$),
    [practiceId, typed$, refresh$],
  );
  const [editing, setEditing] = useState<PracticePatientView | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const state: PatientSearchState = useObservableState(search$) ?? { kind: 'idle' };
  const listRef = useRef<HTMLUListElement>(null);
  const resultsId = useId();
  const patients = state.kind === 'found' ? state.patients : [];

  if (creating) {
    return (
      <NewPatientForm
        practiceId={props.practiceId}
        initial={namesFromSearch(text)}
        onRegistered={props.onPicked}
        onCancel={() => setCreating(false)}
      />
    );
  }

  const focusResult = (index: number) => {
    const items = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="patient-result"]');
    items?.[Math.max(0, Math.min(index, items.length - 1))]?.focus();
  };
  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && patients.length > 0) {
      event.preventDefault();
      focusResult(0);
    } else if (event.key === 'Enter' && patients.length === 1) {
      event.preventDefault();
      props.onPicked(patients[0]!);
    }
  };
  const onResultKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusResult(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index === 0) document.getElementById(`${resultsId}-search`)?.focus();
      else focusResult(index - 1);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={`${resultsId}-search`}
          label={t('frontDesk.finder.find')}
          placeholder={t('frontDesk.finder.placeholder')}
          helperText={t('frontDesk.finder.help')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            type(e.target.value);
          }}
          onKeyDown={onSearchKey}
          autoFocus={props.autoFocus}
          autoComplete="off"
          fullWidth
          size="small"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: {
              'aria-controls': resultsId,
              'data-testid': 'patient-search',
            },
          }}
        />
        <Button
          variant="outlined"
          startIcon={<PersonAdd />}
          onClick={() => setCreating(true)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, height: 40 }}
        >
          {t('frontDesk.finder.newPatient')}
        </Button>
      </Stack>
      {state.kind === 'searching' && (
        <LinearProgress aria-label={t('frontDesk.finder.searching')} />
      )}
      {state.kind === 'failed' && <Alert severity="error">{translateText(state.error)}</Alert>}
      <Box id={resultsId} aria-live="polite">
        {state.kind === 'found' && patients.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 1 }} data-testid="no-patients">
            {t('frontDesk.finder.noMatch', { q: state.q })}
          </Typography>
        )}
        {state.kind === 'idle' && text.trim().length < MIN_QUERY && (
          <Typography color="text.secondary" variant="body2" sx={{ py: 0.5 }}>
            {t('frontDesk.finder.typeMore', { count: MIN_QUERY })}
          </Typography>
        )}
        {patients.length > 0 && (
          <List
            ref={listRef}
            dense
            aria-label={t('frontDesk.finder.matching')}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0 }}
            data-testid="patient-results"
          >
            {patients.map((patient, index) => (
              <ListItem
                key={patient.patient_id}
                disablePadding
                divider={index < patients.length - 1}
                // With an Edit button: beside the result, or under it on a phone.
                sx={props.editable ? { flexWrap: 'wrap' } : undefined}
              >
                <ListItemButton
                  onClick={() => props.onPicked(patient)}
                  onKeyDown={(e) => onResultKey(e, index)}
                  data-testid="patient-result"
                  sx={props.editable ? { flex: '1 1 240px' } : undefined}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography component="span" sx={{ fontWeight: 600 }}>
                          {patientName(patient)}
                        </Typography>
                        {!patient.known_to_practice && (
                          <Chip
                            size="small"
                            label={t('frontDesk.finder.newToPractice')}
                            variant="outlined"
                          />
                        )}
                      </Stack>
                    }
                    secondary={
                      patient.account_holder
                        ? t('frontDesk.finder.familyOf', {
                            details: patientDetails(patient),
                            holder: patient.account_holder,
                          })
                        : patientDetails(patient)
                    }
                  />
                </ListItemButton>
                {props.editable && (
                  <Box
                    sx={{
                      px: { xs: 1, sm: 2 },
                      pb: { xs: 1.5, sm: 0 },
                      flexShrink: 0,
                      display: 'flex',
                      flexWrap: 'wrap',
                      gap: 1,
                    }}
                  >
                    {patient.known_to_practice && (
                      <Button
                        size="small"
                        component={RouterLink}
                        to={patientPagePath(patient.patient_id)}
                        startIcon={<AccountBox />}
                        aria-label={t('practicePatient.openPatientOf', {
                          name: patientName(patient),
                        })}
                        data-testid="patient-open"
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {t('practicePatient.openPatient')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<Edit />}
                      onClick={() => {
                        setEditing(patient);
                        setEditOpen(true);
                      }}
                      aria-label={t('patientDetails.editDetailsOf', {
                        name: patientName(patient),
                      })}
                      data-testid="patient-edit-details"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('patientDetails.editDetails')}
                    </Button>
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      {props.editable && (
        <PatientDetailsDialog
          open={editOpen}
          patientId={editing?.patient_id ?? null}
          name={editing ? patientName(editing) : ''}
          onClose={() => setEditOpen(false)}
          onSaved={(saved) => {
            setEditOpen(false);
            toast.success(PATIENT_DETAILS_MESSAGES.saved);
            refresh$.next(saved.position);
          }}
        />
      )}
    </Stack>
  );
}
