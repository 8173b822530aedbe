import type { NotificationView } from '@medbook/contracts';
import Close from '@mui/icons-material/Close';
import {
  Avatar,
  Badge,
  Box,
  IconButton,
  MenuItem,
  MenuList,
  Stack,
  Typography,
} from '@mui/material';
import type { DateTime } from 'luxon';
import { useTranslation } from '../../../shared/i18n';
import { dotOf, panelDate, relativeAge, sentence } from '../notification-rules';

const DOT = { online: '#2e7d32', offline: '#d32f2f' } as const;

const initials = (n: NotificationView) =>
  `${n.patient_name.first_name?.[0] ?? ''}${n.patient_name.last_name?.[0] ?? ''}`.toUpperCase() ||
  '?';

/**
 * Section 2.12: 350 px wide, 85 px items with the status dot, the age and the date. Each item is
 * the event's own sentence and a menu item: arrow keys move between them, Enter or a click opens
 * the appointment, Escape closes the panel (the bell takes the focus back).
 */
export function NotificationPanel(props: {
  items: readonly NotificationView[] | null;
  now: DateTime;
  onClose: () => void;
  onOpen?: (notification: NotificationView) => void;
}) {
  const { t } = useTranslation();
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
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700 }}
          id="notifications-title"
        >
          {t('workspace.bell.title')}
        </Typography>
        <IconButton aria-label={t('workspace.bell.close')} onClick={props.onClose} size="small">
          <Close fontSize="small" />
        </IconButton>
      </Stack>
      {props.items === null && (
        <Typography sx={{ p: 3 }} color="text.secondary" role="status">
          {t('workspace.bell.loading')}
        </Typography>
      )}
      {props.items?.length === 0 && (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" role="status">
          {t('workspace.bell.none')}
        </Typography>
      )}
      {props.items && props.items.length > 0 && (
        <MenuList
          autoFocusItem
          aria-labelledby="notifications-title"
          disablePadding
          sx={{ maxHeight: 'min(70vh, 520px)', overflowY: 'auto' }}
          data-testid="notification-list"
        >
          {props.items.map((n) => {
            const dot = dotOf(n);
            const fresh = n.notification_status === 'New';
            const said = sentence(n, t);
            const age = relativeAge(n.notification_date, props.now, t);
            return (
              <MenuItem
                key={n.id}
                divider
                onClick={() => props.onOpen?.(n)}
                data-testid="notification-item"
                data-status={n.notification_status}
                data-dot={dot}
                sx={{
                  height: 85,
                  alignItems: 'center',
                  gap: 1.5,
                  py: 0.75,
                  whiteSpace: 'normal',
                  bgcolor: fresh ? 'rgba(11, 110, 153, 0.06)' : undefined,
                  '&.Mui-focusVisible': {
                    outline: '2px solid',
                    outlineColor: 'primary.main',
                    outlineOffset: -2,
                  },
                }}
              >
                <Badge
                  overlap="circular"
                  anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                  variant="dot"
                  aria-hidden
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
                    sx={{ width: 40, height: 40, fontSize: 15, bgcolor: 'primary.dark' }}
                  >
                    {initials(n)}
                  </Avatar>
                </Badge>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography
                    variant="body2"
                    title={said}
                    data-testid="notification-sentence"
                    sx={{
                      fontWeight: fresh ? 700 : 500,
                      fontSize: '0.8125rem',
                      display: '-webkit-box',
                      WebkitLineClamp: 3,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                      lineHeight: 1.3,
                    }}
                  >
                    {said}
                  </Typography>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, mt: 0.25 }}>
                    <Typography variant="caption" color="text.secondary" noWrap>
                      {panelDate(n.notification_date)}
                    </Typography>
                    <Typography
                      variant="caption"
                      color={fresh ? 'primary' : 'text.secondary'}
                      sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                      data-testid="notification-age"
                    >
                      {age}
                    </Typography>
                  </Stack>
                </Box>
              </MenuItem>
            );
          })}
        </MenuList>
      )}
    </Box>
  );
}
