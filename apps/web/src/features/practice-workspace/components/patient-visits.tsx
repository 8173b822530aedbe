import type { AppointmentView } from '@medbook/contracts';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, List, ListItem, ListItemButton, Paper, Stack, Typography } from '@mui/material';
import { translateText } from '../../../shared/i18n';
import { StatusChip } from '../../../shared/status-chip';
import { scheduleLabel, visitTime } from '../workspace-rules';

/** One group of the patient's visits (upcoming or past): each opens the visit's detail. */
export function PatientVisits(props: {
  id: string;
  title: string;
  empty: string;
  visits: readonly AppointmentView[];
  onOpen: (appointmentId: string) => void;
}) {
  const titleId = `patient-visits-${props.id}`;
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={`patient-visits-${props.id}`}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {props.title}{' '}
        <Typography component="span" color="text.secondary">
          ({props.visits.length})
        </Typography>
      </Typography>
      {props.visits.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
          <Typography color="text.secondary">{props.empty}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
          <List disablePadding aria-labelledby={titleId}>
            {props.visits.map((a, index) => {
              const when = visitTime(a);
              const who = a.provider_name ?? a.resource_name;
              return (
                <ListItem
                  key={a.appointment_id}
                  disablePadding
                  divider={index < props.visits.length - 1}
                >
                  <ListItemButton
                    onClick={() => props.onOpen(a.appointment_id)}
                    data-testid="patient-visit"
                    data-appointment={a.appointment_id}
                    sx={{ py: 1.5, gap: 1.5, alignItems: 'center' }}
                  >
                    <Stack
                      direction={{ xs: 'column', md: 'row' }}
                      sx={{
                        flex: 1,
                        minWidth: 0,
                        gap: { xs: 0.5, md: 2 },
                        alignItems: { md: 'center' },
                      }}
                    >
                      <Typography sx={{ fontWeight: 600, width: { md: 220 }, flexShrink: 0 }}>
                        {when}
                      </Typography>
                      <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
                        {who ?? '—'}
                      </Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ width: { md: 200 } }}
                      >
                        {translateText(a.visit_type)} · {translateText(scheduleLabel(a))}
                      </Typography>
                      <Box>
                        <StatusChip status={a.status} outlineFinished />
                      </Box>
                    </Stack>
                    <ChevronRight color="action" aria-hidden />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </Box>
  );
}
