import { useObservableState } from 'observable-hooks';
import type { UserView } from '@medbook/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Badge, Box, Button, IconButton, Menu, MenuItem, useMediaQuery } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { acceptRejectSetting$, practiceCounts$ } from '../streams/practice-live.stream';
import {
  hasMoreDropdown,
  headerLinksShown,
  isWorkspaceType,
  type MenuLink,
  menuLinks,
  WALK_IN_QUEUE_PATH,
  type WorkspaceType,
} from '../workspace-rules';
import { translateText, useTranslation } from '../../../shared/i18n';
import { reputationEnabled } from '../../../shared/session';
import { NotificationBell } from './notification-bell';

/** The practice user's header: the gated menu (section 6) and the notification bell (2.12). */
export function PracticeHeaderTools({ user }: { user: UserView | null }) {
  if (!user || !user.practice_id || !isWorkspaceType(user.type)) return null;
  return <Tools user={user} type={user.type} practiceId={user.practice_id} />;
}

/** The bell's and the requests' live counts, and the user's accept/reject setting. */
export function usePracticeCounts(practiceId: string, user: UserView) {
  const counts$ = useMemo(() => practiceCounts$(practiceId), [practiceId]);
  const counts = useObservableState(counts$);
  const setting$ = useMemo(() => acceptRejectSetting$(practiceId, user.id), [practiceId, user.id]);
  const acceptReject = useObservableState(setting$) ?? user.accept_reject_enabled;
  // The cross and a successful "Seen" reset the bell until a newer count arrives.
  const [clearedAt, setClearedAt] = useState(-1);
  const latest = useRef(counts);
  useEffect(() => {
    latest.current = counts;
  }, [counts]);
  const clear = useCallback(() => setClearedAt(latest.current?.position ?? 0), []);
  const bell = counts && counts.position > clearedAt ? counts.notificationCount : 0;
  return { bell, requests: counts?.requestsCount ?? 0, acceptReject, clear };
}

function Tools({
  user,
  type,
  practiceId,
}: {
  user: UserView;
  type: WorkspaceType;
  practiceId: string;
}) {
  const { pathname } = useLocation();
  const { bell, requests, acceptReject, clear } = usePracticeCounts(practiceId, user);

  const onPracticePage = pathname.startsWith('/practice/');
  const linksShown = headerLinksShown(pathname) && !onPracticePage;
  const bellShown = !onPracticePage && (linksShown || pathname.startsWith(WALK_IN_QUEUE_PATH));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {linksShown && (
        <Links
          links={menuLinks(type, acceptReject, user.id, reputationEnabled())}
          type={type}
          requests={requests}
        />
      )}
      {bellShown && (
        <NotificationBell practiceId={practiceId} count={bell} onCountCleared={clear} />
      )}
    </Box>
  );
}

function Links(props: { links: MenuLink[]; type: WorkspaceType; requests: number }) {
  const { pathname } = useLocation();
  const burger = useMediaQuery('(max-width: 1199.98px)');
  const narrow = useMediaQuery('(max-width: 1499.98px)');
  const [anchor, setAnchor] = useState<{ el: HTMLElement; which: 'more' | 'burger' } | null>(null);
  // The rules name each link in English; shown in the chosen language.
  const { t } = useTranslation();
  const close = () => setAnchor(null);
  const label = (link: MenuLink) =>
    link.badge ? (
      <Badge
        badgeContent={props.requests}
        color="error"
        data-testid="requests-count"
        data-count={props.requests}
        sx={{ mr: props.requests ? 1.25 : 0 }}
      >
        {translateText(link.label)}
      </Badge>
    ) : (
      translateText(link.label)
    );
  const item = (link: MenuLink) => (
    <MenuItem
      key={link.to}
      component={RouterLink}
      to={link.to}
      onClick={close}
      selected={pathname === link.to}
    >
      {label(link)}
    </MenuItem>
  );
  const withRequests = props.links.some((l) => l.badge === 'requests');
  if (burger) {
    return (
      <>
        <IconButton
          aria-label={t('workspace.nav.menu')}
          onClick={(e) => setAnchor({ el: e.currentTarget, which: 'burger' })}
          data-testid="workspace-burger"
        >
          <Badge
            badgeContent={withRequests ? props.requests : 0}
            color="error"
            data-testid="requests-badge"
            data-count={props.requests}
          >
            <MenuIcon />
          </Badge>
        </IconButton>
        <Menu anchorEl={anchor?.el} open={anchor?.which === 'burger'} onClose={close}>
          {props.links.map(item)}
        </Menu>
      </>
    );
  }
  const more = hasMoreDropdown(props.type, narrow);
  const inline = more ? props.links.filter((l) => !l.more) : props.links;
  const inMore = more ? props.links.filter((l) => l.more) : [];
  return (
    <Box
      component="nav"
      aria-label={t('workspace.nav.practice')}
      sx={{ display: 'flex', gap: 0.5, mr: 1 }}
    >
      {inline.map((link) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={link.to}
          color={pathname === link.to ? 'primary' : 'inherit'}
          sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
        >
          {label(link)}
        </Button>
      ))}
      {inMore.length > 0 && (
        <>
          <Button
            color="inherit"
            endIcon={<ExpandMore />}
            onClick={(e) => setAnchor({ el: e.currentTarget, which: 'more' })}
            sx={{ fontWeight: 600 }}
            data-testid="workspace-more"
          >
            <Badge
              badgeContent={props.requests}
              color="error"
              data-testid="requests-badge"
              data-count={props.requests}
              sx={{ mr: props.requests ? 1.25 : 0 }}
            >
              {t('workspace.nav.more')}
            </Badge>
          </Button>
          <Menu anchorEl={anchor?.el} open={anchor?.which === 'more'} onClose={close}>
            {inMore.map(item)}
          </Menu>
        </>
      )}
    </Box>
  );
}
