import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { errorMessageOf, UNEXPECTED_ERROR } from '../shared/error-message';
import { translateText, useTranslation } from '../shared/i18n';

/**
 * What a route shows when it fails to load or render: the shell stays, the page says so in
 * words, and Try again renders it afresh (a navigation to the same place resets the route's
 * boundary).
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const retry = () =>
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: location.state as unknown,
    });
  return (
    <Stack sx={{ py: 4 }} data-testid="route-error">
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('shell.routeError.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('shell.routeError.title')}</AlertTitle>
        {translateText(errorMessageOf(error, UNEXPECTED_ERROR))}
      </Alert>
    </Stack>
  );
}
