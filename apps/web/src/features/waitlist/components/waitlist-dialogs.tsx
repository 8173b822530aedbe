import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventAvailable from '@mui/icons-material/EventAvailable';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  alreadyOnListTexts,
  authHeaderTexts,
  joinedTexts,
  type WaitlistTexts,
} from '../waitlist-texts';
import { useTranslation } from '../../../shared/i18n';

function TextsDialog(props: {
  readonly open: boolean;
  readonly texts: WaitlistTexts;
  readonly icon: React.ReactNode;
  readonly testId: string;
  readonly children?: React.ReactNode;
  readonly actions: React.ReactNode;
  readonly onClose: () => void;
}) {
  const titleId = `${props.testId}-title`;
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      data-testid={props.testId}
      fullWidth
      maxWidth="xs"
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3, color: 'primary.main' }}>
        {props.icon}
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center', pb: 1 }}>
        {props.texts.title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ textAlign: 'center' }}>
          {props.texts.lines.map((line) => (
            <Typography key={line} color="text.secondary">
              {line}
            </Typography>
          ))}
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, px: 3, gap: 1 }}>
        {props.actions}
      </DialogActions>
    </Dialog>
  );
}

/** 201 and 409 answers (spec 2.10): on the list now, or already on it. */
export function WaitlistResultDialog(props: {
  readonly open: boolean;
  readonly result: 'joined' | 'already';
  readonly eligible: boolean;
  readonly practice: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const texts =
    props.result === 'joined'
      ? joinedTexts(props.eligible)
      : alreadyOnListTexts(props.eligible, props.practice);
  return (
    <TextsDialog
      open={props.open}
      texts={texts}
      testId={props.result === 'joined' ? 'waitlist-joined' : 'waitlist-already'}
      icon={
        props.result === 'joined' ? (
          <CheckCircleOutlined sx={{ fontSize: 56 }} />
        ) : (
          <InfoOutlined sx={{ fontSize: 56 }} />
        )
      }
      onClose={props.onClose}
      actions={
        <Button variant="contained" onClick={props.onClose} fullWidth>
          {t('waitlist.ok')}
        </Button>
      }
    />
  );
}

/** A visitor's header before joining: the login variant, or the sign-up one. */
export function WaitlistAuthDialog(props: {
  readonly open: boolean;
  readonly eligible: boolean;
  readonly practice: string;
  readonly onLogin: () => void;
  readonly onSignUp: () => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [variant, setVariant] = useState<'login' | 'signup'>('login');
  const texts = authHeaderTexts(variant, props.eligible, props.practice);
  return (
    <TextsDialog
      open={props.open}
      texts={texts}
      testId="waitlist-auth"
      icon={<EventAvailable sx={{ fontSize: 56 }} />}
      onClose={props.onClose}
      actions={
        variant === 'login' ? (
          <Button variant="contained" fullWidth onClick={props.onLogin}>
            {t('waitlist.login')}
          </Button>
        ) : (
          <Button variant="contained" fullWidth onClick={props.onSignUp}>
            {t('waitlist.signUp')}
          </Button>
        )
      }
    >
      <Typography variant="body2">
        {variant === 'login' ? t('waitlist.newHere') : t('waitlist.haveAccount')}
        <Link
          component="button"
          type="button"
          onClick={() => setVariant(variant === 'login' ? 'signup' : 'login')}
        >
          {variant === 'login' ? t('waitlist.createAccount') : t('waitlist.logInInstead')}
        </Link>
      </Typography>
    </TextsDialog>
  );
}
