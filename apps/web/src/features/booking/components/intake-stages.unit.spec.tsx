import {
  type CustomFormView,
  INTAKE_MESSAGES,
  type InsurancePlanView,
  type UpdateDemographicsDto,
} from '@medbook/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import {
  DemographicsStage,
  demographicsErrors,
  type DemographicsLists,
  valuesFrom,
} from './demographics-stage';
import { type EligibilityInput, EligibilityStage, eligibilityErrors } from './eligibility-stage';
import { ScreeningStage } from './screening-stage';

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const FORMS: CustomFormView[] = [
  {
    id: 'covid-screening',
    title: 'COVID-19 screening',
    questions: [{ id: 'fever', label: 'Do you have a fever?', kind: 'yes_no', required: true }],
  },
  {
    id: 'new-patient',
    title: 'New patient questions',
    questions: [
      { id: 'allergies', label: 'Do you have any allergies?', kind: 'text', required: true },
      { id: 'referral', label: 'Who referred you to us?', kind: 'text', required: false },
    ],
  },
];

describe('ScreeningStage', () => {
  function renderScreening(submit = jest.fn(() => Promise.resolve({}))) {
    const onDone = jest.fn();
    render(
      <ScreeningStage loadForms={() => Promise.resolve(FORMS)} submit={submit} onDone={onDone} />,
    );
    return { submit, onDone };
  }

  it('asks for every required answer and sends nothing until they are given', async () => {
    const { submit, onDone } = renderScreening();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText(INTAKE_MESSAGES.answerRequired)).toHaveLength(2);
    expect(submit).not.toHaveBeenCalled();
    // Announced in the live region, focus on the first unanswered question.
    expect(screen.getByTestId('form-errors').textContent).toMatch(/^2 fields need attention\. /);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));

    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    type(/Do you have any allergies/, 'Penicillin');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls).toEqual([
      ['covid-screening', { fever: 'no' }],
      ['new-patient', { allergies: 'Penicillin' }],
    ]);
  });

  it("shows the server's words when saving fails and stays on the step", async () => {
    const { onDone } = renderScreening(
      jest.fn(() => Promise.reject(new Error(INTAKE_MESSAGES.formNotOnCalendar))),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    type(/Do you have any allergies/, 'None');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(INTAKE_MESSAGES.formNotOnCalendar)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

const LISTS: DemographicsLists = {
  races: [{ id: 1, code: '2106-3', name: 'White' }],
  ethnicities: [{ id: 1, code: '2186-5', name: 'Not Hispanic or Latino' }],
  languages: [{ id: 1, code: 'es', name: 'Spanish' }],
  states: [{ id: 1, code: 'NJ', name: 'New Jersey' }],
};

describe('demographics rules', () => {
  const today = DateTime.fromISO('2026-11-23');
  const filled = {
    ...valuesFrom(null),
    race_code: '2106-3',
    ethnicity_code: '2186-5',
    language_code: 'es',
    sex: 'Female',
    address1: '1 Main St',
    city: 'Newark',
    state: 'NJ',
    birth_date: '04/02/1980',
    zip_code: '07102',
  };

  it("answers the spec's 'Required' for every missing field", () => {
    expect(demographicsErrors(valuesFrom(null), today)).toEqual({
      race_code: 'Required',
      ethnicity_code: 'Required',
      language_code: 'Required',
      birth_date: 'Required',
      sex: 'Required',
      address1: 'Required',
      city: 'Required',
      state: 'Required',
      zip_code: 'Required',
    });
  });

  it('reads the birth date as MM/DD/YYYY: a day before today, a real one', () => {
    expect(demographicsErrors(filled, today)).toEqual({});
    const birth = (birth_date: string) => demographicsErrors({ ...filled, birth_date }, today);
    expect(birth('11/22/2026')).toEqual({});
    expect(birth('11/23/2026')).toEqual({
      birth_date: 'The date of birth should be a date earlier than today.',
    });
    expect(birth('01/01/2030')).toEqual({
      birth_date: 'The date of birth should be a date earlier than today.',
    });
    expect(birth('02/30/1990')).toEqual({ birth_date: 'Invalid Date' });
    expect(birth('1980-04-02')).toEqual({ birth_date: 'Invalid Date' });
    expect(valuesFrom({ birth_date: '1980-04-02' } as never).birth_date).toBe('04/02/1980');
  });

  it("holds the address to the spec's limits: 50, 30, zip 5 to 9 digits", () => {
    const errors = (more: Partial<typeof filled>) =>
      demographicsErrors({ ...filled, ...more }, today);
    expect(
      errors({ address1: 'a'.repeat(50), address2: 'b'.repeat(50), city: 'c'.repeat(30) }),
    ).toEqual({});
    expect(
      errors({ address1: 'a'.repeat(51), address2: 'b'.repeat(51), city: 'c'.repeat(31) }),
    ).toEqual({
      address1: 'Invalid character length',
      address2: 'Invalid character length',
      city: 'Invalid character length',
    });
    expect(errors({ zip_code: '071' })).toEqual({ zip_code: 'Invalid character length' });
    expect(errors({ zip_code: '071021234' })).toEqual({});
    expect(errors({ zip_code: '0710212345' })).toEqual({ zip_code: 'Invalid character length' });
    expect(errors({ zip_code: '07102-1234', city: 'Newark 2' })).toEqual({
      zip_code: 'Invalid',
      city: 'Invalid',
    });
  });
});

describe('DemographicsStage', () => {
  it('saves the filled form once every field is valid', async () => {
    const save = jest.fn((_input: UpdateDemographicsDto) => Promise.resolve({}));
    const onDone = jest.fn();
    render(
      <DemographicsStage
        load={() => Promise.resolve({ lists: LISTS, current: null })}
        save={save}
        onDone={onDone}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(screen.getAllByText('Required')).toHaveLength(9);
    expect(save).not.toHaveBeenCalled();

    type(/^Race/, '2106-3');
    type(/^Ethnicity/, '2186-5');
    type(/^Preferred language/, 'es');
    type(/^Sex/, 'Female');
    type(/^Date of birth/, '04/02/1980');
    type(/^Street address/, '1 Main St');
    type(/^City/, 'Newark');
    type(/^State/, 'NJ');
    type(/^ZIP code/, '07102');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith({
      race_code: '2106-3',
      ethnicity_code: '2186-5',
      language_code: 'es',
      birth_date: '1980-04-02',
      sex: 'Female',
      address: { address1: '1 Main St', city: 'Newark', state: 'NJ', zip_code: '07102' },
    });
  });
});

const PLANS: InsurancePlanView[] = [
  { id: 101, name: 'Aetna HMO', insurance_id: 1, insurance_name: 'Aetna' },
  { id: 102, name: 'Aetna PPO', insurance_id: 1, insurance_name: 'Aetna' },
];

describe('EligibilityStage', () => {
  it('asks for a plan and a well-formed member id', () => {
    expect(eligibilityErrors('', ' ')).toEqual({
      plan: 'Please choose your plan.',
      member: 'Please enter your member id.',
    });
    expect(eligibilityErrors('101', 'a!')).toEqual({
      member: 'Please enter the member id as printed on your card (3 to 30 letters or digits).',
    });
  });

  function renderEligibility(eligible: boolean) {
    const verify = jest.fn((_input: EligibilityInput) =>
      Promise.resolve({
        eligibility_id: 'e1',
        eligible,
        message: eligible ? INTAKE_MESSAGES.eligible : INTAKE_MESSAGES.notEligible,
      }),
    );
    const onEligible = jest.fn();
    render(
      <EligibilityStage
        insuranceName="Aetna"
        initialMemberId=""
        loadPlans={() => Promise.resolve(PLANS)}
        verify={verify}
        onEligible={onEligible}
      />,
    );
    return { verify, onEligible };
  }

  it('verifies the chosen plan and lets an eligible patient continue', async () => {
    const { verify, onEligible } = renderEligibility(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify eligibility' }));
    expect(screen.getByText('Please choose your plan.')).toBeTruthy();
    expect(verify).not.toHaveBeenCalled();
    type(/^Plan/, '102');
    type(/^Member ID/, 'W123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify eligibility' }));
    expect(await screen.findByText(INTAKE_MESSAGES.eligible)).toBeTruthy();
    expect(verify).toHaveBeenCalledWith({ insurance_id: 1, plan_id: 102, member_id: 'W123456' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onEligible).toHaveBeenCalledWith('W123456');
  });

  it('tells a patient who is not eligible and offers no Continue', async () => {
    renderEligibility(false);
    await screen.findByRole('button', { name: 'Verify eligibility' });
    type(/^Plan/, '101');
    type(/^Member ID/, 'INELIG-1');
    fireEvent.click(screen.getByRole('button', { name: 'Verify eligibility' }));
    expect(await screen.findByText(INTAKE_MESSAGES.notEligible)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('explains when the insurance has no plans to verify', async () => {
    render(
      <EligibilityStage
        insuranceName="Acme Health"
        initialMemberId=""
        loadPlans={() => Promise.resolve([])}
        verify={jest.fn()}
        onEligible={jest.fn()}
      />,
    );
    expect(await screen.findByText(/cannot be verified online/)).toBeTruthy();
  });
});
