/** Spec 2.11: the header's language widget offers EN, ES, ZH, VI and KO, each named in itself. */
export const LANGUAGES = [
  { code: 'en', label: 'EN', name: 'English', html: 'en', luxon: 'en-US' },
  { code: 'es', label: 'ES', name: 'Español', html: 'es', luxon: 'es' },
  { code: 'zh', label: 'ZH', name: '中文', html: 'zh-CN', luxon: 'zh-CN' },
  { code: 'vi', label: 'VI', name: 'Tiếng Việt', html: 'vi', luxon: 'vi' },
  { code: 'ko', label: 'KO', name: '한국어', html: 'ko', luxon: 'ko' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Where the choice is kept across visits. */
export const LANGUAGE_STORAGE_KEY = 'medbook.language';

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((l) => l.code === value);

export const languageInfo = (code: Language) =>
  LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
