import { useObservableState } from 'observable-hooks';
import { Avatar, AvatarGroup, Box, Link } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { catchError, defer, of } from 'rxjs';
import { getOnlineProviders } from '../api/search-api';
import { searchPath, walkInSearch } from '../search-params';
import { useTranslation } from '../../../shared/i18n';

/** Spec 2.2: '{n} Top Doctors Online' with their pictures, only when someone is online. */
export function OnlineDoctorsLink() {
  const online = useObservableState(
    useMemo(() => defer(() => getOnlineProviders()).pipe(catchError(() => of(null))), []),
  );
  const { t } = useTranslation();
  if (!online || online.onlineCount <= 0) return null;
  const count = online.onlineCount;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 30, height: 30, fontSize: 13 } }}>
        {online.providers.map((p) => (
          <Avatar key={p.id} alt={p.name.full_name} src={p.profile_picture_uri ?? undefined}>
            {`${p.name.first_name[0] ?? ''}${p.name.last_name[0] ?? ''}`}
          </Avatar>
        ))}
      </AvatarGroup>
      <Link
        component={RouterLink}
        to={searchPath(walkInSearch({}))}
        color="inherit"
        sx={{ fontWeight: 600 }}
        data-testid="online-doctors"
      >
        {t('search.topDoctorsOnline', { count })}
      </Link>
    </Box>
  );
}
