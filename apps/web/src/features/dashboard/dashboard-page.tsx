import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../shared/session';
import { PatientDashboardPage } from '../patient-dashboard/components/patient-dashboard-page';
import { WorkspaceDashboardPage } from '../practice-workspace/components/workspace-dashboard-page';
import { isWorkspaceType } from '../practice-workspace/workspace-rules';

/** The home of each user type; what it lists comes with the scheduling and practice issues. */
export function DashboardPage() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (user.type === 'Patient') return <PatientDashboardPage user={user} />;
  if (isWorkspaceType(user.type) && user.practice_id) {
    return (
      <WorkspaceDashboardPage user={{ ...user, practice_id: user.practice_id }} type={user.type} />
    );
  }
  return (
    <Paper sx={{ p: 4 }} elevation={1}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1" data-testid="dashboard-greeting">
          Welcome, {user.name.first_name}
        </Typography>
        <Box>
          <Chip label={user.type} color="primary" data-testid="dashboard-type" />
        </Box>
        <Typography color="text.secondary">Signed in as {user.email}</Typography>
      </Stack>
    </Paper>
  );
}
