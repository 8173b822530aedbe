import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { landingApi } from './api/landing-api';
import { hasLandingMarker, landingShown, landingState } from './landing-rules';

/**
 * Whether this address shows the landing page: null while the configuration is on its way (only
 * asked at the root), then true or false. A marker turns the visit's landing state on.
 */
export function useLandingShown(): boolean | null {
  const { pathname, search } = useLocation();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const atRoot = pathname === '/';
  useEffect(() => {
    if (!atRoot || enabled !== null) return;
    let gone = false;
    void landingApi.config().then((config) => !gone && setEnabled(config.enabled));
    return () => {
      gone = true;
    };
  }, [atRoot, enabled]);
  if (!atRoot) return false;
  if (enabled === null) return hasLandingMarker(search) || landingState.read() ? null : false;
  const shown = landingShown(enabled, pathname, search, landingState.read());
  if (shown && hasLandingMarker(search)) landingState.set(true);
  return shown;
}
