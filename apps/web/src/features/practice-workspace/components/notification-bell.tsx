import type { NotificationView } from '@medbook/contracts';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import { Badge, Box, IconButton, Popover } from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { concatMap, from } from 'rxjs';
import { useTranslation } from '../../../shared/i18n';
import { workspaceApi } from '../api/workspace-api';
import {
  appointmentLink,
  markedSeen,
  panelItems,
  unseenIds,
  withAdded,
} from '../notification-rules';
import { notificationAdded$ } from '../streams/practice-live.stream';
import { NotificationPanel } from './notification-panel';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  m: '-1px',
  p: 0,
  border: 0,
} as const;

/**
 * The bell: the live count of New notifications; opening the panel lists the last 7 days and
 * sends the New ones as Seen (section 4.7); the cross closes it and resets the count.
 */
export function NotificationBell(props: {
  practiceId: string;
  count: number;
  onCountCleared: () => void;
}) {
  const { practiceId, onCountCleared } = props;
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [now, setNow] = useState(() => DateTime.now());
  const open = !!anchor;

  useEffect(() => {
    if (!open) return;
    let live = true;
    workspaceApi.notifications(practiceId).then(
      async (all) => {
        const listed = panelItems(all);
        if (live) setItems(listed);
        const ids = unseenIds(listed);
        if (ids.length === 0) return;
        await workspaceApi.markSeen(practiceId, ids);
        if (!live) return;
        setItems((current) => markedSeen(current ?? listed, ids));
        onCountCleared();
      },
      () => live && setItems([]),
    );
    // While open, a pushed notification is fetched by id and shown on top as New.
    const added = notificationAdded$(practiceId)
      .pipe(concatMap((m) => from(workspaceApi.notification(practiceId, m.id, m.position))))
      .subscribe({
        next: (n) => {
          setNow(DateTime.now());
          setItems((current) => withAdded(current ?? [], n));
        },
        error: () => undefined,
      });
    return () => {
      live = false;
      added.unsubscribe();
    };
  }, [open, practiceId, onCountCleared]);

  return (
    <>
      {/* Named by hidden text, not aria-label: the badge's number is then no second name. */}
      <IconButton
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(e) => {
          if (anchor) return setAnchor(null);
          setItems(null);
          setNow(DateTime.now());
          setAnchor(e.currentTarget);
        }}
        data-testid="notification-bell"
        data-count={props.count}
      >
        <Box component="span" sx={visuallyHidden}>
          {t('workspace.bell.label', { count: props.count })}
        </Box>
        <Badge
          badgeContent={props.count}
          color="error"
          max={99}
          aria-hidden
          data-testid="bell-count"
        >
          <NotificationsNone />
        </Badge>
      </IconButton>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, borderRadius: 2 } } }}
      >
        <NotificationPanel
          items={items}
          now={now}
          onClose={() => {
            onCountCleared();
            setAnchor(null);
          }}
          onOpen={(n) => {
            setAnchor(null);
            void navigate(appointmentLink(n));
          }}
        />
      </Popover>
    </>
  );
}
