import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { type Toast, toasts$ } from '../shared/toast';

/** Shows toasts one after another, bottom right. */
export function ToastHost() {
  const [queue, setQueue] = useState<readonly Toast[]>([]);
  useEffect(() => {
    const subscription = toasts$.subscribe((toast) => setQueue((q) => [...q, toast]));
    return () => subscription.unsubscribe();
  }, []);
  const current = queue[0];
  const dismiss = () => setQueue((q) => q.slice(1));
  return (
    <Snackbar
      key={current?.id}
      open={!!current}
      autoHideDuration={current?.hideAfterMs ?? null}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismiss();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      {current ? (
        <Alert
          severity={current.severity}
          variant="filled"
          onClose={dismiss}
          data-testid="toast"
          sx={{ minWidth: 280 }}
        >
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
