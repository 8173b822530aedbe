/** Spec 2.4: the home page's tiles, each a label and the specialty or condition it searches. */
export interface Tile {
  readonly label: string;
  readonly searches: string;
}

export const TOP_SPECIALTIES: readonly Tile[] = [
  { label: 'Primary Care', searches: 'Internist' },
  { label: 'Cardiology', searches: 'Cardiologist (Heart Doctor)' },
  { label: 'Neurology', searches: 'Neurologist' },
  { label: 'Dermatology', searches: 'Dermatologist' },
  { label: 'Gastroenterology', searches: 'Gastroenterologist' },
  { label: 'Psychiatry', searches: 'Psychiatrist' },
  { label: 'Nephrology', searches: 'Nephrologist' },
  { label: 'Orthopedics', searches: 'Orthopedic Surgeon' },
  { label: 'Pain Medicine', searches: 'Pain Management Specialist' },
  { label: 'Obstetrics & Gynecology', searches: 'OB-GYN (Obstetrician-Gynecologist)' },
];

export const COMMON_CONDITIONS: readonly Tile[] = [
  { label: 'Cold or Flu', searches: 'Cold' },
  { label: 'Acne', searches: 'Acne' },
  { label: 'Back Pain', searches: 'Back Pain' },
  { label: 'Diabetes', searches: 'Diabetes Consultation' },
  { label: 'Ear Infection', searches: 'Ear Infection' },
  { label: 'Annual Physical', searches: 'Annual Physical' },
  { label: 'Birth Control', searches: 'Birth Control / Contraception' },
  { label: 'Stomach Pain', searches: 'Stomach Pain' },
  { label: 'UTI', searches: 'Urinary Tract Infection (UTI)' },
  { label: 'Headache', searches: 'Headache' },
];
