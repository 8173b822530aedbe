import {
  type ConsentDocumentView,
  DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
  DIGITAL_CHECK_IN_FLAGS,
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInSettings,
  type DirectoryEntryView,
} from '@medbook/contracts';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi, practiceProviders } from '../api/digital-check-in-api';

/** Practice admins: each provider's digital check-in settings and the practice's consents. */
export function DigitalCheckInSettingsPage(props: { practiceId: string }) {
  const [providers, setProviders] = useState<DirectoryEntryView[] | null>(null);
  const [providerId, setProviderId] = useState('');
  const { t } = useTranslation();
  useEffect(() => {
    practiceProviders(props.practiceId).then(
      (found) => {
        setProviders(found);
        setProviderId((current) => current || found[0]?.id || '');
      },
      () => setProviders([]),
    );
  }, [props.practiceId]);
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('checkIn.settings.title')}
        </Typography>
        <Typography color="text.secondary">{t('checkIn.settings.intro')}</Typography>
      </div>
      {!providers ? (
        <CircularProgress aria-label={t('checkIn.settings.loadingProviders')} />
      ) : providers.length === 0 ? (
        <Alert severity="info">{t('checkIn.settings.noProviders')}</Alert>
      ) : (
        <>
          <TextField
            select
            label={t('checkIn.settings.provider')}
            value={providerId}
            onChange={(event) => setProviderId(event.target.value)}
            sx={{ maxWidth: 360 }}
          >
            {providers.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          {providerId && <SettingsForm key={providerId} providerId={providerId} />}
        </>
      )}
      <ConsentsEditor practiceId={props.practiceId} />
    </Stack>
  );
}

function SettingsForm({ providerId }: { providerId: string }) {
  const [settings, setSettings] = useState<DigitalCheckInSettings | null>(null);
  const [copay, setCopay] = useState('0');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    digitalCheckInApi.settings(providerId).then(
      (found) => {
        setSettings(found);
        setCopay(String(found.copay_amount));
      },
      (cause: unknown) => setError(errorMessageOf(cause)),
    );
  }, [providerId]);
  if (error && !settings) return <Alert severity="error">{translateText(error)}</Alert>;
  if (!settings) return <CircularProgress aria-label={t('checkIn.settings.loadingSettings')} />;
  const save = async () => {
    const amount = Number(copay);
    if (!Number.isFinite(amount) || amount < 0) return setError(t('checkIn.settings.copayInvalid'));
    setBusy(true);
    setError(null);
    try {
      // Only the settings go back: the view's provider, practice and position are not settings.
      const changes: Partial<DigitalCheckInSettings> = {};
      for (const key of Object.keys(
        DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
      ) as (keyof DigitalCheckInSettings)[]) {
        (changes as Record<string, unknown>)[key] = settings[key];
      }
      const saved = await digitalCheckInApi.saveSettings(providerId, {
        ...changes,
        copay_amount: amount,
      });
      setSettings(saved);
      toast.success(M.settingsSaved);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const text = (
    key: 'i_have_arrived_text' | 'ready_for_patient_text' | 'visit_instructions',
    label: string,
  ) => (
    <TextField
      label={label}
      value={settings[key]}
      onChange={(event) => setSettings({ ...settings, [key]: event.target.value })}
      fullWidth
      multiline={key === 'visit_instructions'}
      slotProps={{ htmlInput: { maxLength: key === 'visit_instructions' ? 2000 : 500 } }}
    />
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="dci-settings-title"
    >
      <Typography id="dci-settings-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('checkIn.settings.settings')}
      </Typography>
      <Grid container spacing={0.5}>
        {DIGITAL_CHECK_IN_FLAGS.map((flag) => (
          <Grid key={flag} size={{ xs: 12, sm: 6, md: 4 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={settings[flag]}
                  onChange={(event) => setSettings({ ...settings, [flag]: event.target.checked })}
                />
              }
              label={t(`checkIn.settings.flags.${flag}`)}
            />
          </Grid>
        ))}
      </Grid>
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          label={t('checkIn.settings.copayAmount')}
          type="number"
          value={copay}
          onChange={(event) => setCopay(event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          sx={{ maxWidth: 200 }}
        />
        {text('i_have_arrived_text', t('checkIn.settings.arrivedText'))}
        {text('ready_for_patient_text', t('checkIn.settings.readyText'))}
        {text('visit_instructions', t('checkIn.settings.visitInstructions'))}
        {error && <Alert severity="error">{translateText(error)}</Alert>}
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void save()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('checkIn.settings.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

interface Draft {
  readonly consentId: string | null;
  readonly title: string;
  readonly text: string;
  readonly required: boolean;
}

const EMPTY: Draft = { consentId: null, title: '', text: '', required: true };

function ConsentsEditor({ practiceId }: { practiceId: string }) {
  const [consents, setConsents] = useState<ConsentDocumentView[] | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const load = (position?: number) =>
    digitalCheckInApi
      .consents(practiceId, position)
      .then(setConsents, (cause: unknown) => setError(errorMessageOf(cause)));
  useEffect(() => {
    void load();
  }, [practiceId]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await digitalCheckInApi.saveConsent(practiceId, draft.consentId, {
        title: draft.title,
        text: draft.text,
        required: draft.required,
      });
      toast.success(M.consentSaved);
      setDraft(EMPTY);
      await load(saved.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="consents-title"
    >
      <Typography id="consents-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('checkIn.settings.consents')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('checkIn.settings.consentsHelp')}
      </Typography>
      <Stack
        spacing={1}
        sx={{ mb: 2 }}
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {consents?.map((c) => (
          <Stack
            component="li"
            key={c.consent_id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Typography>
              {t('checkIn.settings.consentLine', { title: c.title, version: c.version })}
              {c.required ? t('checkIn.settings.requiredSuffix') : ''}
            </Typography>
            <Button
              size="small"
              onClick={() =>
                setDraft({
                  consentId: c.consent_id,
                  title: c.title,
                  text: c.text,
                  required: c.required,
                })
              }
            >
              {t('checkIn.settings.edit')}
            </Button>
          </Stack>
        ))}
      </Stack>
      <Stack spacing={2}>
        <TextField
          label={t('checkIn.settings.consentTitle')}
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          required
        />
        <TextField
          label={t('checkIn.settings.consentText')}
          value={draft.text}
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          multiline
          minRows={4}
          required
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.required}
              onChange={(e) => setDraft({ ...draft, required: e.target.checked })}
            />
          }
          label={t('checkIn.settings.requiredBefore')}
        />
        {error && <Alert severity="error">{translateText(error)}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={busy || !draft.title.trim() || !draft.text.trim()}
            onClick={() => void save()}
          >
            {draft.consentId ? t('checkIn.settings.saveVersion') : t('checkIn.settings.addConsent')}
          </Button>
          {draft.consentId && (
            <Button onClick={() => setDraft(EMPTY)}>{t('checkIn.settings.cancel')}</Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
