import type { CodedItem, InsurancePlanView, InsuranceView, NamedItem } from '@medbook/contracts';

const named = (names: readonly string[]): NamedItem[] =>
  names.map((name, i) => ({ id: i + 1, name }));
const coded = (pairs: readonly (readonly [string, string])[]): CodedItem[] =>
  pairs.map(([code, name], i) => ({ id: i + 1, code, name }));

const INSURANCE_PLANS: readonly (readonly [insurance: string, plans: readonly string[]])[] = [
  [
    'Aetna',
    [
      'Aetna Choice POS II',
      'Aetna HMO',
      'Aetna Open Access Managed Choice',
      'Aetna Medicare Advantage',
    ],
  ],
  [
    'Blue Cross Blue Shield',
    ['BCBS Blue Card PPO', 'BCBS HMO Blue', 'BCBS Federal Employee Program'],
  ],
  ['Cigna', ['Cigna Open Access Plus', 'Cigna HMO', 'Cigna PPO', 'Cigna LocalPlus']],
  [
    'UnitedHealthcare',
    ['UHC Choice Plus', 'UHC Navigate HMO', 'UHC Options PPO', 'UHC Medicare Advantage'],
  ],
  ['Humana', ['Humana Gold Plus HMO', 'Humana Choice PPO']],
  ['Medicare', ['Medicare Part B']],
  ['Medicaid', ['Medicaid Managed Care', 'Medicaid Fee-for-Service']],
  ['EmblemHealth', ['EmblemHealth GHI PPO', 'EmblemHealth HIP HMO']],
  ['Oscar Health', ['Oscar Bronze', 'Oscar Silver', 'Oscar Gold']],
  ['Kaiser Permanente', ['Kaiser HMO', 'Kaiser Senior Advantage']],
  ['Horizon BCBS of New Jersey', ['Horizon OMNIA', 'Horizon Direct Access', 'Horizon HMO']],
  ['Tricare', ['Tricare Prime', 'Tricare Select']],
];

export const INSURANCES: readonly InsuranceView[] = INSURANCE_PLANS.map(([name, plans], i) => ({
  id: i + 1,
  name,
  plan_count: plans.length,
}));

export const INSURANCE_PLANS_BY_ID: ReadonlyMap<number, readonly InsurancePlanView[]> = new Map(
  INSURANCE_PLANS.map(([name, plans], i) => [
    i + 1,
    plans.map((plan, p) => ({
      id: (i + 1) * 100 + p + 1,
      name: plan,
      insurance_id: i + 1,
      insurance_name: name,
    })),
  ]),
);

export const LANGUAGES = coded([
  ['en', 'English'],
  ['es', 'Spanish'],
  ['zh', 'Chinese'],
  ['ru', 'Russian'],
  ['fr', 'French'],
  ['ht', 'Haitian Creole'],
  ['ko', 'Korean'],
  ['ar', 'Arabic'],
  ['hi', 'Hindi'],
  ['ur', 'Urdu'],
  ['bn', 'Bengali'],
  ['pl', 'Polish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['tl', 'Tagalog'],
  ['vi', 'Vietnamese'],
  ['yi', 'Yiddish'],
  ['de', 'German'],
  ['ja', 'Japanese'],
  ['asl', 'American Sign Language'],
]);

/** US CDC race and ethnicity categories, with the codes of the CDC Race & Ethnicity code set. */
export const RACES = coded([
  ['1002-5', 'American Indian or Alaska Native'],
  ['2028-9', 'Asian'],
  ['2054-5', 'Black or African American'],
  ['2076-8', 'Native Hawaiian or Other Pacific Islander'],
  ['2106-3', 'White'],
  ['2131-1', 'Other Race'],
  ['ASKU', 'Declined to specify'],
]);

export const ETHNICITIES = coded([
  ['2135-2', 'Hispanic or Latino'],
  ['2186-5', 'Not Hispanic or Latino'],
  ['ASKU', 'Declined to specify'],
]);

export const BOARD_CERTIFICATIONS = named([
  'American Board of Internal Medicine',
  'American Board of Family Medicine',
  'American Board of Pediatrics',
  'American Board of Dermatology',
  'American Board of Psychiatry and Neurology',
  'American Board of Obstetrics and Gynecology',
  'American Board of Orthopaedic Surgery',
  'American Board of Anesthesiology',
  'American Board of Emergency Medicine',
  'American Board of Ophthalmology',
  'American Board of Otolaryngology',
  'American Board of Urology',
  'American Board of Radiology',
  'American Board of Surgery',
  'American Board of Physical Medicine and Rehabilitation',
  'American Osteopathic Board of Family Physicians',
]);

export const PROFESSIONAL_SUFFIXES = named([
  'MD',
  'DO',
  'NP',
  'PA-C',
  'DPM',
  'DDS',
  'DMD',
  'DC',
  'PhD',
  'PsyD',
  'LCSW',
  'RN',
  'FNP-BC',
  'FACP',
  'FACC',
  'FAAP',
  'MPH',
  'MBA',
]);

export const HOSPITAL_AFFILIATIONS = named([
  'NewYork-Presbyterian Hospital',
  'Mount Sinai Hospital',
  'NYU Langone Health',
  'Northwell Health',
  'Hackensack University Medical Center',
  'RWJBarnabas Health',
  'Cedars-Sinai Medical Center',
  'UCLA Medical Center',
  'Stanford Health Care',
  'UCSF Medical Center',
  'Massachusetts General Hospital',
  'Northwestern Memorial Hospital',
]);
