import type { DemoRequestDto, LandingConfigView } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

let config: Promise<LandingConfigView> | null = null;

export const landingApi = {
  /** Asked once per page load: configuration does not change while the page is open. */
  config(): Promise<LandingConfigView> {
    config ??= api<LandingConfigView>('GET', '/marketing/landing').catch(() => {
      config = null;
      return { enabled: false };
    });
    return config;
  },
  requestDemo: (form: DemoRequestDto) =>
    api<{ id: string }>('POST', '/marketing/demo-requests', form),
};
