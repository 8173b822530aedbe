import { Alert, Button } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { liveState$, reconnectLive } from './live-socket';

/**
 * Once the reconnect schedule has run out (spec: 0, 2, 10, 30 s, then stop), the page says that
 * live updates are paused, with a button that reconnects. Shown on every layout, bottom left
 * (toasts are bottom right).
 */
export function LivePausedBanner() {
  const state = useObservableState(liveState$, 'connecting');
  if (state !== 'paused') return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="status"
      data-testid="live-paused"
      action={
        <Button color="inherit" size="small" onClick={reconnectLive} data-testid="live-reconnect">
          Reconnect
        </Button>
      }
      sx={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        right: { xs: 16, sm: 'auto' },
        maxWidth: { sm: 480 },
        zIndex: (theme) => theme.zIndex.snackbar,
        bgcolor: 'background.paper',
        boxShadow: 3,
        alignItems: 'center',
      }}
    >
      Live updates are paused. Changes made elsewhere will not show until you reconnect.
    </Alert>
  );
}
