import type { NotificationView } from '@medbook/contracts';
import Close from '@mui/icons-material/Close';
import { Avatar, Badge, Box, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import type { DateTime } from 'luxon';
import { dotOf, headline, panelDate, relativeAge } from '../notification-rules';

const DOT = { online: '#2e7d32', offline: '#d32f2f' } as const;

const initials = (n: NotificationView) =>
  `${n.patient_name.first_name?.[0] ?? ''}${n.patient_name.last_name?.[0] ?? ''}`.toUpperCase() ||
  '?';

/** Section 2.12: 350 px wide, 85 px items with the status dot, the age and the visit's date. */
export function NotificationPanel(props: {
  items: readonly NotificationView[] | null;
  now: DateTime;
  onClose: () => void;
}) {
  return (
    <Box sx={{ width: 350, maxWidth: 'calc(100vw - 24px)' }} data-testid="notification-panel">
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Notifications
        </Typography>
        <IconButton aria-label="Close notifications" onClick={props.onClose} size="small">
          <Close fontSize="small" />
        </IconButton>
      </Stack>
      {props.items === null && (
        <Typography sx={{ p: 3 }} color="text.secondary">
          Loading...
        </Typography>
      )}
      {props.items?.length === 0 && (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          No notifications in the last 7 days.
        </Typography>
      )}
      {props.items && props.items.length > 0 && (
        <List disablePadding sx={{ maxHeight: 'min(70vh, 520px)', overflowY: 'auto' }}>
          {props.items.map((n) => {
            const dot = dotOf(n);
            const fresh = n.notification_status === 'New';
            return (
              <ListItem
                key={n.id}
                divider
                data-testid="notification-item"
                data-status={n.notification_status}
                data-dot={dot}
                sx={{
                  height: 85,
                  alignItems: 'center',
                  gap: 1.5,
                  bgcolor: fresh ? 'rgba(11, 110, 153, 0.06)' : undefined,
                }}
              >
                <Badge
                  overlap="circular"
                  anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                  variant="dot"
                  aria-label={dot}
                  sx={{
                    '& .MuiBadge-badge': {
                      bgcolor: DOT[dot],
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      border: '2px solid white',
                    },
                  }}
                >
                  <Avatar
                    src={n.profile_picture_uri ?? undefined}
                    sx={{ width: 40, height: 40, fontSize: 15, bgcolor: 'primary.light' }}
                  >
                    {initials(n)}
                  </Avatar>
                </Badge>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography
                    variant="body2"
                    sx={{
                      fontWeight: fresh ? 700 : 500,
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                      lineHeight: 1.35,
                    }}
                  >
                    {headline(n)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" noWrap>
                    {panelDate(n.appointment_start_date)} · {n.appointment_status}
                  </Typography>
                </Box>
                <Typography
                  variant="caption"
                  color={fresh ? 'primary' : 'text.secondary'}
                  sx={{ alignSelf: 'flex-start', mt: 1, whiteSpace: 'nowrap', fontWeight: 600 }}
                  data-testid="notification-age"
                >
                  {relativeAge(n.notification_date, props.now)}
                </Typography>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
