import { Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { toast } from '../../../shared/toast';
import { waitlistApi } from '../api/waitlist-api';
import {
  clearPendingWaitlist,
  type PendingWaitlist,
  savePendingWaitlist,
  waitlistItemFrom,
  waitlistType,
} from '../pending-waitlist';
import { ONLY_PATIENT } from '../waitlist-texts';
import { WaitlistAuthDialog, WaitlistResultDialog } from './waitlist-dialogs';
import { errorMessageOf } from '../../../shared/error-message';
import { useTranslation } from '../../../shared/i18n';

const PRACTICE_FALLBACK = 'the practice';

/**
 * /waitlist: the join flow. The waitlist guard needs a waitlist item (from the address or kept
 * across signing in) else goes to the root; a visitor is asked to log in or sign up first; a
 * signed-in non-patient goes home with the item cleared; a patient joins at once.
 */
export function WaitlistPage() {
  const [search] = useSearchParams();
  const item = useMemo(() => waitlistItemFrom(search), [search]);
  if (!item) return <Navigate to="/" replace />;
  return <JoinWaitlist item={item} />;
}

function JoinWaitlist({ item }: { item: PendingWaitlist }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = currentUser();
  const [practice, setPractice] = useState<string>(PRACTICE_FALLBACK);
  const [calendarName, setCalendarName] = useState<string | null>(null);
  const [result, setResult] = useState<'joined' | 'already' | null>(null);
  const started = useRef(false);

  useEffect(() => {
    let live = true;
    waitlistApi
      .calendar(item.calendar_id)
      .then(async (calendar) => {
        if (live) setCalendarName(calendar.name);
        const name = await waitlistApi.practiceName(calendar.practice_id);
        if (live) setPractice(name);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [item.calendar_id]);

  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    if (user.type !== 'Patient') {
      clearPendingWaitlist();
      toast.error(ONLY_PATIENT);
      void navigate('/', { replace: true });
      return;
    }
    waitlistApi.join(item.calendar_id, waitlistType(item)).then(
      () => setResult('joined'),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) return setResult('already');
        clearPendingWaitlist();
        toast.error(
          error instanceof ApiError && error.status === 403 ? ONLY_PATIENT : errorMessageOf(error),
        );
        void navigate('/', { replace: true });
      },
    );
  }, [user, item, navigate]);

  const done = () => {
    clearPendingWaitlist();
    void navigate('/dashboard/patient');
  };
  const signIn = (path: '/login' | '/signup') => {
    savePendingWaitlist(item);
    rememberRedirect(`/waitlist?calendar_id=${item.calendar_id}&eligible=${item.eligible}`);
    void navigate(`${path}?eligible=${item.eligible}&waitlist_enabled=${item.waitlist_enabled}`);
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 6 } }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Typography variant="h5" component="h1">
              {t('waitlist.waitingList')}
            </Typography>
            <Typography color="text.secondary">
              {[calendarName, practice === PRACTICE_FALLBACK ? null : practice]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {user && !result && <CircularProgress aria-label={t('waitlist.joining')} />}
          </Stack>
        </CardContent>
      </Card>
      <WaitlistAuthDialog
        open={!user}
        eligible={item.eligible}
        practice={practice}
        onLogin={() => signIn('/login')}
        onSignUp={() => signIn('/signup')}
        onClose={() => {
          clearPendingWaitlist();
          void navigate(-1);
        }}
      />
      {result && (
        <WaitlistResultDialog
          open
          result={result}
          eligible={item.eligible}
          practice={practice}
          onClose={done}
        />
      )}
    </Box>
  );
}
