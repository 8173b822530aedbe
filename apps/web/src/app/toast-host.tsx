import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { type Toast, toasts$ } from '../shared/toast';
import { translateText, useTranslation } from '../shared/i18n';

/** Shows toasts one after another, bottom right. */
export function ToastHost() {
  const [queue, setQueue] = useState<readonly Toast[]>([]);
  // Re-rendered when the language changes: a toast made in English shows in the chosen one.
  useTranslation();
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
          {translateText(current.message)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
