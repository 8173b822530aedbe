import type { Bundle } from './types';
import { account } from './locales/account';
import { analytics } from './locales/analytics';
import { audit } from './locales/audit';
import { booking } from './locales/booking';
import { calendar } from './locales/calendar';
import { calendarAdmin } from './locales/calendar-admin';
import { checkIn } from './locales/check-in';
import { dashboard } from './locales/dashboard';
import { directoryAdmin } from './locales/directory-admin';
import { frontDesk } from './locales/front-desk';
import { health } from './locales/health';
import { home } from './locales/home';
import { kiosk } from './locales/kiosk';
import { landing } from './locales/landing';
import { legal } from './locales/legal';
import { patientDetails } from './locales/patient-details';
import { practicePatient } from './locales/practice-patient';
import { practiceProfile } from './locales/practice-profile';
import { practiceWaitlists } from './locales/practice-waitlists';
import { reports } from './locales/reports';
import { resourcesSearch } from './locales/resources-search';
import { reviews } from './locales/reviews';
import { schedule } from './locales/schedule';
import { search } from './locales/search';
import { settings } from './locales/settings';
import { shell } from './locales/shell';
import { telehealth } from './locales/telehealth';
import { vaccination } from './locales/vaccination';
import { videoVisit } from './locales/video-visit';
import { visits } from './locales/visits';
import { workspace } from './locales/workspace';
import { waitlist } from './locales/waitlist';
import { walkIn } from './locales/walk-in';

/** Every feature's bundle under its own key: t('shell.about'), t('search.title'), … */
const bundles = {
  shell,
  home,
  search,
  calendar,
  dashboard,
  booking,
  account,
  visits,
  telehealth,
  waitlist,
  vaccination,
  reviews,
  checkIn,
  resourcesSearch,
  settings,
  landing,
  legal,
  kiosk,
  practiceProfile,
  workspace,
  reports,
  walkIn,
  practiceWaitlists,
  audit,
  analytics,
  videoVisit,
  frontDesk,
  directoryAdmin,
  health,
  schedule,
  calendarAdmin,
  patientDetails,
  practicePatient,
} satisfies Record<string, Bundle<object>>;

type Bundles = typeof bundles;
type Lang = 'en' | 'es' | 'zh' | 'vi' | 'ko';

const inLanguage = (lng: Lang) =>
  Object.fromEntries(
    Object.entries(bundles).flatMap(([name, bundle]) => {
      const texts = (bundle as Bundle<object>)[lng];
      return texts ? [[name, texts]] : [];
    }),
  );

/** The English texts, typed: t() accepts only keys that exist. */
export type EnglishResources = { [K in keyof Bundles]: Bundles[K]['en'] };

export const resources = {
  en: { translation: inLanguage('en') },
  es: { translation: inLanguage('es') },
  zh: { translation: inLanguage('zh') },
  vi: { translation: inLanguage('vi') },
  ko: { translation: inLanguage('ko') },
};

/** English text → key, for texts made outside components (see translateText). */
export const englishIndex = new Map<string, string>();
const walk = (node: unknown, path: string[]) => {
  if (typeof node === 'string') {
    if (!englishIndex.has(node)) englishIndex.set(node, path.join('.'));
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
  }
};
walk(resources.en.translation, []);
