import i18next from 'i18next';
import { Settings } from 'luxon';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_STORAGE_KEY,
  languageInfo,
} from './languages';
import { englishIndex, resources } from './resources';

export { LANGUAGES, type Language } from './languages';
export { useTranslation, Trans } from 'react-i18next';

function storedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The page's language attribute and luxon's locale follow the chosen language. */
function applyLanguage(code: Language): void {
  const info = languageInfo(code);
  Settings.defaultLocale = info.luxon;
  if (typeof document !== 'undefined') document.documentElement.lang = info.html;
}

// Resources are bundled (no network loading), so initialisation finishes before the first render.
void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'es', 'zh', 'vi', 'ko'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyLanguage(currentLanguage());

export const i18n = i18next;

export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Switches every text on the page and keeps the choice for the next visit. */
export async function setLanguage(code: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // A browser without storage still switches for this visit.
  }
  applyLanguage(code);
  await i18next.changeLanguage(code);
}

/**
 * A text made outside a component (a toast, a stream's message, an error the web itself words)
 * in the chosen language: the English text is looked up among the bundles' English texts, and a
 * text not found (the API's own words) stays as it is.
 */
export function translateText(english: string): string {
  const key = englishIndex.get(english);
  // The key is found at run time; the typed keys cannot know it (eslint reads the type loosely).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  return key ? i18next.t(key as never) : english;
}
