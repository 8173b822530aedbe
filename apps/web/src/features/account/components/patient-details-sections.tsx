import type { FamilyMemberView, PatientDetailsView } from '@medbook/contracts';
import { isoToUsDate } from '@medbook/contracts';
import Edit from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { patientDetailsApi } from '../../../shared/patient-details/patient-details-api';
import { PatientDetailsDialog } from '../../../shared/patient-details/patient-details-dialog';
import { PatientDetailsForm } from '../../../shared/patient-details/patient-details-form';
import { updateCurrentUserName } from '../../../shared/session';
import { SettingsSection } from './settings-section';

const RELATIONSHIP_KEYS = ['Spouse', 'Child', 'Parent', 'Sibling', 'Guardian', 'Other'] as const;

/**
 * Settings, "Your details": the signed-in patient's own names, date of birth, gender, mobile
 * number and zip code, read with `GET /patients/{id}` and saved with PUT. A saved name is the
 * header's at once.
 */
export function YourDetailsSection(props: { readonly patientId: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<PatientDetailsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    patientDetailsApi.get(props.patientId).then(
      (found) => live && setView(found),
      (cause: unknown) => live && setError(errorMessageOf(cause)),
    );
    return () => {
      live = false;
    };
  }, [props.patientId]);

  return (
    <SettingsSection
      titleId="your-details-title"
      title={t('patientDetails.yourDetails')}
      intro={t('patientDetails.yourDetailsIntro')}
      testId="your-details"
    >
      {error ? (
        <Alert severity="error">{translateText(error)}</Alert>
      ) : !view ? (
        <CircularProgress aria-label={t('patientDetails.loading')} />
      ) : (
        <PatientDetailsForm
          patient={view}
          idPrefix="your-details"
          showSuccess
          onSaved={(_saved, body) =>
            updateCurrentUserName({
              first_name: body.first_name,
              last_name: body.last_name,
              middle_name: body.middle_name ?? null,
            })
          }
        />
      )}
    </SettingsSection>
  );
}

const relationshipKey = (value: string) =>
  (RELATIONSHIP_KEYS as readonly string[]).includes(value)
    ? (value as (typeof RELATIONSHIP_KEYS)[number])
    : null;

/**
 * Settings, "Family members": the people the patient books for, each with an Edit button that
 * opens their details in a dialog; after a save the list is read again at the change's position.
 */
export function FamilyMembersSection(props: { readonly patientId: string }) {
  const { t } = useTranslation();
  const [members, setMembers] = useState<readonly FamilyMemberView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<FamilyMemberView | null>(null);
  const [open, setOpen] = useState(false);
  const [announced, setAnnounced] = useState<string | null>(null);
  const { patientId } = props;

  const load = useCallback(
    (minPosition?: number) =>
      patientDetailsApi.familyMembers(patientId, minPosition).then(
        (found) => {
          setMembers(found);
          setError(null);
        },
        (cause: unknown) => setError(errorMessageOf(cause)),
      ),
    [patientId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const relationshipText = (value: string) => {
    const key = relationshipKey(value);
    return key ? t(`patientDetails.relationships.${key}`) : value;
  };

  return (
    <SettingsSection
      titleId="family-members-title"
      title={t('patientDetails.family')}
      intro={t('patientDetails.familyIntro')}
      testId="family-members"
    >
      <Box role="status" aria-live="polite">
        {announced && (
          <Alert severity="success" sx={{ my: 1 }} data-testid="family-member-saved">
            {announced}
          </Alert>
        )}
      </Box>
      {error && <Alert severity="error">{translateText(error)}</Alert>}
      {!members && !error && <CircularProgress aria-label={t('patientDetails.loadingFamily')} />}
      {members && members.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 1 }} data-testid="no-family-members">
          {t('patientDetails.noFamily')}
        </Typography>
      )}
      {members && members.length > 0 && (
        <List disablePadding aria-labelledby="family-members-title">
          {members.map((member, index) => (
            <ListItem
              key={member.id}
              divider={index < members.length - 1}
              disableGutters
              data-testid="family-member"
              sx={{ gap: 2, py: 1.5 }}
            >
              <ListItemText
                primary={member.full_name}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                secondary={[
                  relationshipText(member.relationship),
                  member.birth_date
                    ? t('patientDetails.bornOn', { date: isoToUsDate(member.birth_date) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <Stack sx={{ flexShrink: 0 }}>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<Edit />}
                  onClick={() => {
                    setAnnounced(null);
                    setEditing(member);
                    setOpen(true);
                  }}
                  aria-label={t('patientDetails.editMember', { name: member.full_name })}
                  data-testid="family-member-edit"
                >
                  {t('patientDetails.edit')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <PatientDetailsDialog
        open={open}
        patientId={editing?.id ?? null}
        name={editing?.full_name ?? ''}
        onClose={() => setOpen(false)}
        onSaved={(saved, body) => {
          const name = [body.first_name, body.middle_name, body.last_name]
            .filter(Boolean)
            .join(' ');
          setOpen(false);
          setAnnounced(t('patientDetails.memberSaved', { name }));
          void load(saved.position);
        }}
      />
    </SettingsSection>
  );
}
