import type { TFunction } from 'i18next';

const VISIT_TYPES = ['Office', 'Telehealth', 'Resource'] as const;
const isVisitType = (type: string): type is (typeof VISIT_TYPES)[number] =>
  (VISIT_TYPES as readonly string[]).includes(type);

/** A calendar's visit type in the chosen language; a type the web does not know, as sent. */
export const visitTypeText = (t: TFunction, type: string): string =>
  isVisitType(type) ? t(`schedule.visitTypes.${type}`) : type;
