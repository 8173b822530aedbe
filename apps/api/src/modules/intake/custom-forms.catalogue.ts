import type { CustomFormView } from '@medbook/contracts';

const yesNo = (id: string, label: string) => ({
  id,
  label,
  kind: 'yes_no' as const,
  required: true,
});

/** The built-in forms a calendar's custom_form_ids name; any other id gets the generic form. */
const CATALOGUE: Readonly<Record<string, Omit<CustomFormView, 'id'>>> = {
  'covid-screening': {
    title: 'COVID-19 screening',
    questions: [
      yesNo('fever', 'Have you had a fever or chills in the last 14 days?'),
      yesNo('cough', 'Do you have a new cough or shortness of breath?'),
      yesNo('contact', 'Have you been in close contact with someone who has COVID-19?'),
    ],
  },
  'new-patient': {
    title: 'New patient questions',
    questions: [
      { id: 'medications', label: 'Which medications do you take?', kind: 'text', required: true },
      { id: 'allergies', label: 'Do you have any allergies?', kind: 'text', required: true },
      { id: 'referral', label: 'Who referred you to us?', kind: 'text', required: false },
    ],
  },
};

const GENERIC: Omit<CustomFormView, 'id'> = {
  title: 'Before your visit',
  questions: [
    {
      id: 'reason_details',
      label: 'Please describe the reason for your visit.',
      kind: 'text',
      required: true,
    },
  ],
};

export function customForm(id: string): CustomFormView {
  return { id, ...(CATALOGUE[id] ?? GENERIC) };
}

/** The id under which the practice's form list offers the generic form (any unknown id is it). */
const GENERIC_ID = 'before-your-visit';

/** The forms a practice may put on its calendars: the built-in ones, then the generic one. */
export function customFormCatalogue(): CustomFormView[] {
  return [...Object.keys(CATALOGUE), GENERIC_ID].map(customForm);
}
