import type { ReferenceItem } from '@medbook/contracts';

/** The home page's ten specialty tiles (spec 2.4): the tile's label and the specialty it searches. */
const SPECIALTY_TILES: readonly (readonly [label: string, name: string])[] = [
  ['Primary Care', 'Internist'],
  ['Cardiology', 'Cardiologist (Heart Doctor)'],
  ['Neurology', 'Neurologist'],
  ['Dermatology', 'Dermatologist'],
  ['Gastroenterology', 'Gastroenterologist'],
  ['Psychiatry', 'Psychiatrist'],
  ['Nephrology', 'Nephrologist'],
  ['Orthopedics', 'Orthopedic Surgeon'],
  ['Pain Medicine', 'Pain Management Specialist'],
  ['Obstetrics & Gynecology', 'OB-GYN (Obstetrician-Gynecologist)'],
];

const OTHER_SPECIALTIES = [
  'Family Medicine',
  'Pediatrician',
  'Allergist (Immunologist)',
  'Endocrinologist',
  'Pulmonologist',
  'Urologist',
  'Ophthalmologist',
  'Otolaryngologist (ENT)',
  'Oncologist',
  'Rheumatologist',
  'Psychologist',
  'Podiatrist',
  'Dentist',
  'Chiropractor',
  'Physical Therapist',
  'Infectious Disease Specialist',
  'Sleep Medicine Specialist',
  'Urgent Care',
];

/** The ten condition tiles (spec 2.4), then other commonly treated conditions. */
const CONDITION_TILES: readonly (readonly [label: string, name: string])[] = [
  ['Cold or Flu', 'Cold'],
  ['Acne', 'Acne'],
  ['Back Pain', 'Back Pain'],
  ['Diabetes', 'Diabetes Consultation'],
  ['Ear Infection', 'Ear Infection'],
  ['Annual Physical', 'Annual Physical'],
  ['Birth Control', 'Birth Control / Contraception'],
  ['Stomach Pain', 'Stomach Pain'],
  ['UTI', 'Urinary Tract Infection (UTI)'],
  ['Headache', 'Headache'],
];

const OTHER_CONDITIONS = [
  'Flu',
  'Allergies',
  'Anxiety',
  'Depression',
  'High Blood Pressure',
  'Chest Pain',
  'Migraine',
  'Eczema',
  'Joint Pain',
  'Sore Throat',
  'Sinus Infection',
  'Insomnia',
  'Kidney Disease',
  'Pregnancy Care',
  'Heartburn',
];

/**
 * Which specialties treat a condition: a provider's conditions are those of their specialties (plus
 * any listed on the provider), so a condition search finds the doctors who treat it.
 */
export const CONDITION_SPECIALTIES: Readonly<Record<string, readonly string[]>> = {
  Cold: ['Internist', 'Family Medicine', 'Pediatrician', 'Urgent Care'],
  Flu: ['Internist', 'Family Medicine', 'Pediatrician', 'Urgent Care'],
  Acne: ['Dermatologist'],
  Eczema: ['Dermatologist', 'Allergist (Immunologist)'],
  'Back Pain': [
    'Orthopedic Surgeon',
    'Pain Management Specialist',
    'Chiropractor',
    'Physical Therapist',
  ],
  'Joint Pain': ['Orthopedic Surgeon', 'Rheumatologist', 'Pain Management Specialist'],
  'Diabetes Consultation': ['Endocrinologist', 'Internist', 'Family Medicine'],
  'Ear Infection': ['Otolaryngologist (ENT)', 'Pediatrician', 'Family Medicine', 'Urgent Care'],
  'Sore Throat': ['Otolaryngologist (ENT)', 'Family Medicine', 'Urgent Care'],
  'Sinus Infection': ['Otolaryngologist (ENT)', 'Allergist (Immunologist)', 'Urgent Care'],
  'Annual Physical': ['Internist', 'Family Medicine', 'Pediatrician'],
  'Birth Control / Contraception': ['OB-GYN (Obstetrician-Gynecologist)', 'Family Medicine'],
  'Pregnancy Care': ['OB-GYN (Obstetrician-Gynecologist)'],
  'Stomach Pain': ['Gastroenterologist', 'Internist', 'Urgent Care'],
  Heartburn: ['Gastroenterologist', 'Internist'],
  'Urinary Tract Infection (UTI)': ['Urologist', 'Nephrologist', 'Family Medicine', 'Urgent Care'],
  'Kidney Disease': ['Nephrologist'],
  Headache: ['Neurologist', 'Internist', 'Family Medicine'],
  Migraine: ['Neurologist', 'Pain Management Specialist'],
  Allergies: ['Allergist (Immunologist)', 'Otolaryngologist (ENT)'],
  Anxiety: ['Psychiatrist', 'Psychologist'],
  Depression: ['Psychiatrist', 'Psychologist'],
  Insomnia: ['Sleep Medicine Specialist', 'Psychiatrist'],
  'High Blood Pressure': ['Cardiologist (Heart Doctor)', 'Internist', 'Nephrologist'],
  'Chest Pain': ['Cardiologist (Heart Doctor)', 'Urgent Care'],
};

function items(
  subcategory: ReferenceItem['subcategory'],
  firstId: number,
  tiles: readonly (readonly [string, string])[],
  others: readonly string[],
): ReferenceItem[] {
  return [
    ...tiles.map(([label, name], i) => ({ name, tile: { label, order: i + 1 } })),
    ...others.map((name) => ({ name, tile: null })),
  ].map((item, i) => ({ id: firstId + i, subcategory, ...item }));
}

export const SPECIALTIES: readonly ReferenceItem[] = items(
  'Specialties',
  1,
  SPECIALTY_TILES,
  OTHER_SPECIALTIES,
);
export const CONDITIONS: readonly ReferenceItem[] = items(
  'Conditions',
  1001,
  CONDITION_TILES,
  OTHER_CONDITIONS,
);

/** The conditions a provider with these specialties treats. */
export function conditionsTreatedBy(specialties: readonly string[]): string[] {
  const mine = new Set(specialties.map((s) => s.toLowerCase()));
  return Object.entries(CONDITION_SPECIALTIES)
    .filter(([, by]) => by.some((s) => mine.has(s.toLowerCase())))
    .map(([condition]) => condition);
}
