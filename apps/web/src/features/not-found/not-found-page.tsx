import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h1" color="primary" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <Typography variant="h5" component="p" sx={{ mb: 4 }}>
        THE PAGE YOU WERE LOOKING FOR DOESN&apos;T EXIST
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go Back Home
      </Button>
    </Box>
  );
}
