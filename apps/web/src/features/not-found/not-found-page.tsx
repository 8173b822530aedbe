import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Spec 2.1: the page hints that the address may be mistyped or the page moved (our words). */
export const NOT_FOUND_HINT =
  'You may have mistyped the address, or the page may have moved. Check the address, or go back home.';

export function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        THE PAGE YOU WERE LOOKING FOR DOESN&apos;T EXIST
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }} data-testid="not-found-hint">
        {NOT_FOUND_HINT}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go Back Home
      </Button>
    </Box>
  );
}
