import 'i18next';
import type { EnglishResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: EnglishResources };
  }
}
