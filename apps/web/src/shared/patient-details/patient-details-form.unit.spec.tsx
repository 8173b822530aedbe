import {
  DATE_MESSAGES,
  PATIENT_DETAILS_MESSAGES,
  type PatientDetailsView,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DateTime } from 'luxon';
import { ApiError } from '../api-client';
import { patientDetailsApi } from './patient-details-api';
import {
  detailsErrors,
  PatientDetailsForm,
  payloadFrom,
  type PatientDetailsValues,
  valuesFrom,
} from './patient-details-form';

jest.mock('./patient-details-api', () => ({
  patientDetailsApi: { get: jest.fn(), save: jest.fn(), familyMembers: jest.fn() },
}));

const ACCOUNT: PatientDetailsView = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  kind: 'account',
  first_name: 'Ann',
  last_name: 'Lee',
  middle_name: null,
  birth_date: '1980-02-29',
  gender: null,
  mobile_number: '5550001111',
  zip_code: null,
  email: 'ann@example.com',
  relationship: null,
  account_holder_id: null,
};
const MEMBER: PatientDetailsView = {
  ...ACCOUNT,
  id: '0190a0a0-0000-7000-8000-000000000002',
  kind: 'family-member',
  first_name: 'Tom',
  birth_date: null,
  mobile_number: null,
  email: null,
  relationship: 'Child',
  account_holder_id: ACCOUNT.id,
};
const EMPTY: PatientDetailsValues = {
  first_name: 'Ann',
  middle_name: '',
  last_name: 'Lee',
  birth_date: '',
  gender: '',
  mobile_number: '',
  zip_code: '',
  relationship: '',
};
const TODAY = DateTime.fromISO('2025-06-15');

const save = jest.mocked(patientDetailsApi.save);
beforeEach(() => save.mockReset());

describe('the payload of PUT /patients/{id}', () => {
  it('leaves out the empty optional fields (PUT clears them) and sends the rest trimmed', () => {
    expect(payloadFrom({ ...EMPTY, first_name: '  Ann ' }, 'account')).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
    });
    expect(
      payloadFrom(
        {
          ...EMPTY,
          middle_name: ' Mary ',
          birth_date: '2/9/1980',
          gender: 'Female',
          mobile_number: ' 555 000 1111 ',
          zip_code: '02139',
        },
        'account',
        'a-command',
      ),
    ).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      middle_name: 'Mary',
      birth_date: '1980-02-09',
      gender: 'Female',
      mobile_number: '555 000 1111',
      zip_code: '02139',
      command_id: 'a-command',
    });
  });

  it('sends no mobile number or zip code for a family member, and their relationship', () => {
    const body = payloadFrom(
      { ...EMPTY, mobile_number: '5550001111', zip_code: '02139', relationship: 'Spouse' },
      'family-member',
    );
    expect(body).toEqual({ first_name: 'Ann', last_name: 'Lee', relationship: 'Spouse' });
  });

  it('sends no relationship for an account', () => {
    expect(payloadFrom({ ...EMPTY, relationship: 'Child' }, 'account')).not.toHaveProperty(
      'relationship',
    );
  });

  it('reads the view into the form, the birth date as MM/DD/YYYY', () => {
    expect(valuesFrom(ACCOUNT)).toMatchObject({
      birth_date: '02/29/1980',
      middle_name: '',
      gender: '',
      mobile_number: '5550001111',
      zip_code: '',
    });
  });
});

describe("the form's checks (the shared person rules)", () => {
  it('takes good details', () => {
    expect(
      detailsErrors(
        { ...EMPTY, birth_date: '06/14/2025', mobile_number: '5550001111', zip_code: '02139' },
        'account',
        TODAY,
      ),
    ).toEqual({});
  });

  it('refuses a missing or badly written name, and a short middle name is fine', () => {
    const errors = detailsErrors(
      { ...EMPTY, first_name: ' ', last_name: '12345', middle_name: 'J' },
      'account',
      TODAY,
    );
    expect(errors).toEqual({
      first_name: VALIDATION_MESSAGES.required,
      last_name: VALIDATION_MESSAGES.invalid,
    });
  });

  it('refuses a birth date that is not a real past day', () => {
    const at = (birth_date: string) =>
      detailsErrors({ ...EMPTY, birth_date }, 'family-member', TODAY).birth_date;
    expect(at('06/15/2025')).toBe(DATE_MESSAGES.earlierThanToday('date of birth'));
    expect(at('01/01/2030')).toBe(DATE_MESSAGES.earlierThanToday('date of birth'));
    expect(at('02/30/2020')).toBe(DATE_MESSAGES.invalidDate);
    expect(at('yesterday')).toBe(DATE_MESSAGES.invalidDate);
    expect(at('06/14/2025')).toBeUndefined();
  });

  it("checks an account's mobile number and zip code, not a family member's", () => {
    const values = { ...EMPTY, mobile_number: 'call me', zip_code: '12' };
    expect(detailsErrors(values, 'account', TODAY)).toEqual({
      mobile_number: VALIDATION_MESSAGES.invalid,
      zip_code: VALIDATION_MESSAGES.length,
    });
    expect(detailsErrors(values, 'family-member', TODAY)).toEqual({});
  });
});

describe('the patient details form', () => {
  const type = (prefix: string, name: string, value: string) =>
    fireEvent.change(screen.getByTestId(`${prefix}-${name}`), { target: { value } });

  it('shows the errors at their fields, moves focus to the first, and saves nothing', async () => {
    const onSaved = jest.fn();
    render(<PatientDetailsForm patient={ACCOUNT} idPrefix="mine" onSaved={onSaved} showSuccess />);
    type('mine', 'last_name', '1234');
    type('mine', 'birth_date', '01/01/2999');
    fireEvent.click(screen.getByTestId('mine-save'));
    const last = screen.getByTestId('mine-last_name');
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(VALIDATION_MESSAGES.invalid)).toBeTruthy();
    expect(screen.getByTestId('mine-birth_date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(DATE_MESSAGES.earlierThanToday('date of birth'))).toBeTruthy();
    expect(screen.getByTestId('mine-invalid')).toBeTruthy();
    expect(screen.getByTestId('form-errors').textContent).toMatch(
      /^2 fields need attention\. Last name: Invalid\. Date of birth: /,
    );
    expect(save).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("sends every field it shows, leaving out the empty ones, and says it's saved", async () => {
    save.mockResolvedValue({ id: ACCOUNT.id, position: 42 });
    const onSaved = jest.fn();
    render(<PatientDetailsForm patient={ACCOUNT} idPrefix="mine" onSaved={onSaved} showSuccess />);
    type('mine', 'last_name', 'Lee-Park');
    type('mine', 'mobile_number', '');
    type('mine', 'zip_code', '02139');
    fireEvent.click(screen.getByTestId('mine-save'));
    await screen.findByText(PATIENT_DETAILS_MESSAGES.saved);
    expect(save).toHaveBeenCalledTimes(1);
    const [id, body] = save.mock.calls[0]!;
    expect(id).toBe(ACCOUNT.id);
    expect(body).toEqual({
      first_name: 'Ann',
      last_name: 'Lee-Park',
      birth_date: '1980-02-29',
      zip_code: '02139',
      command_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
    expect(onSaved).toHaveBeenCalledWith({ id: ACCOUNT.id, position: 42 }, body);
  });

  it("shows a family member's relationship, not a mobile number or zip code, and sends it", async () => {
    save.mockResolvedValue({ id: MEMBER.id, position: 7 });
    const onSaved = jest.fn();
    render(<PatientDetailsForm patient={MEMBER} idPrefix="member" onSaved={onSaved} />);
    expect(screen.queryByTestId('member-mobile_number')).toBeNull();
    expect(screen.queryByTestId('member-zip_code')).toBeNull();
    expect(screen.getByTestId('member-relationship').textContent).toBe('Child');
    type('member', 'first_name', 'Thomas');
    fireEvent.click(screen.getByTestId('member-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save.mock.calls[0]![1]).toEqual({
      first_name: 'Thomas',
      last_name: 'Lee',
      relationship: 'Child',
      command_id: expect.any(String) as string,
    });
  });

  it("shows the API's refusal with its per-field messages, and a new command id next time", async () => {
    save.mockRejectedValueOnce(
      new ApiError(400, PATIENT_DETAILS_MESSAGES.memberHasNoContact, {
        errors: ['Invalid', 'Invalid'],
      }),
    );
    render(<PatientDetailsForm patient={ACCOUNT} idPrefix="mine" onSaved={jest.fn()} />);
    fireEvent.click(screen.getByTestId('mine-save'));
    const alert = await screen.findByTestId('mine-error');
    expect(alert.textContent).toContain(PATIENT_DETAILS_MESSAGES.memberHasNoContact);
    expect(alert.querySelectorAll('li').length).toBe(1);
    save.mockResolvedValueOnce({ id: ACCOUNT.id, position: 3 });
    fireEvent.click(screen.getByTestId('mine-save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![1].command_id).not.toBe(save.mock.calls[0]![1].command_id);
  });
});
