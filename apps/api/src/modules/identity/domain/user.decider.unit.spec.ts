import { fold } from '../../../domain/decider';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import {
  FAMILY_MEMBER_EXISTS,
  FAMILY_ONLY_FOR_PATIENTS,
  PRACTICE_REQUIRED,
  USER_ALREADY_REGISTERED,
  USER_NOT_FOUND,
  userDecider,
} from './user.decider';
import type { UserEvent, UserProfile } from './user.events';

const now = new Date('2026-11-23T09:30:00Z');
const at = now.toISOString();
const patient: UserProfile = {
  user_id: '0b0e0000-0000-4000-8000-000000000001',
  type: 'Patient',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  middle_name: null,
  birth_date: '1990-04-01',
  gender: 'Female',
  mobile_number: '5550100',
  zip_code: '10001',
  time_zone: 'America/New_York',
  practice_id: null,
  social_provider: null,
  sms_alerts_consent: false,
};
const registered: UserEvent = { type: 'UserRegistered', data: { ...patient, registered_at: at } };
const child = {
  member_id: '0b0e0000-0000-4000-8000-0000000000c1',
  relationship: 'Child',
  first_name: 'Bo',
  last_name: 'Lee',
  middle_name: null,
  birth_date: '2019-02-03',
  gender: 'Male',
};

const given = DeciderSpecification.for(userDecider);

describe('user decider', () => {
  it('registers a user once', () => {
    given([]).when({ type: 'RegisterUser', profile: patient, now }).then([registered]);
    given([registered])
      .when({ type: 'RegisterUser', profile: patient, now })
      .thenThrows(ConflictError, USER_ALREADY_REGISTERED);
  });

  it('refuses a practice user without a practice', () => {
    const provider = { ...patient, type: 'Provider' as const };
    given([])
      .when({ type: 'RegisterUser', profile: provider, now })
      .thenThrows(DomainError, PRACTICE_REQUIRED);
  });

  it('answers not found for any command on a user that does not exist', () => {
    given([]).when({ type: 'DisableUser', now }).thenThrows(NotFoundError, USER_NOT_FOUND);
  });

  it('disables once and enables again; repeating either changes nothing', () => {
    const disabled: UserEvent = {
      type: 'UserDisabled',
      data: { user_id: patient.user_id, disabled_at: at },
    };
    given([registered]).when({ type: 'DisableUser', now }).then([disabled]);
    given([registered, disabled]).when({ type: 'DisableUser', now }).thenNothing();
    given([registered, disabled])
      .when({ type: 'EnableUser', now })
      .then([{ type: 'UserEnabled', data: { user_id: patient.user_id, enabled_at: at } }]);
    given([registered]).when({ type: 'EnableUser', now }).thenNothing();
  });

  it('changes a role, and asks a practice of practice roles', () => {
    const practiceId = '0b0e0000-0000-4000-8000-0000000000aa';
    given([registered])
      .when({ type: 'ChangeUserRole', userType: 'Staff', practiceId, now })
      .then([
        {
          type: 'UserRoleChanged',
          data: {
            user_id: patient.user_id,
            type: 'Staff',
            practice_id: practiceId,
            changed_at: at,
          },
        },
      ]);
    given([registered])
      .when({ type: 'ChangeUserRole', userType: 'Staff', practiceId: null, now })
      .thenThrows(DomainError, PRACTICE_REQUIRED);
  });

  it('leaves the role alone when it is already the one asked', () => {
    given([registered])
      .when({ type: 'ChangeUserRole', userType: 'Patient', practiceId: null, now })
      .thenNothing();
  });

  it('lets a patient add a family member once', () => {
    const added: UserEvent = {
      type: 'FamilyMemberAdded',
      data: { ...child, patient_id: patient.user_id, added_at: at },
    };
    given([registered]).when({ type: 'AddFamilyMember', member: child, now }).then([added]);
    given([registered, added])
      .when({ type: 'AddFamilyMember', member: child, now })
      .thenThrows(ConflictError, FAMILY_MEMBER_EXISTS);
  });

  it('does not let practice users add family members', () => {
    const staff: UserEvent = {
      type: 'UserRegistered',
      data: {
        ...patient,
        type: 'Staff',
        practice_id: '0b0e0000-0000-4000-8000-0000000000aa',
        registered_at: at,
      },
    };
    given([staff])
      .when({ type: 'AddFamilyMember', member: child, now })
      .thenThrows(DomainError, FAMILY_ONLY_FOR_PATIENTS);
  });

  it('verifies a mobile number and changes the sms consents', () => {
    given([registered])
      .when({ type: 'VerifyMobileNumber', mobileNumber: '5550199', now })
      .then([
        {
          type: 'MobileNumberVerified',
          data: { user_id: patient.user_id, mobile_number: '5550199', verified_at: at },
        },
      ]);
    given([registered])
      .when({ type: 'ChangeSmsConsents', smsAlertsConsent: true, otpConsent: false, now })
      .then([
        {
          type: 'SmsConsentsChanged',
          data: {
            user_id: patient.user_id,
            sms_alerts_consent: true,
            otp_consent: false,
            changed_at: at,
          },
        },
      ]);
  });

  it('records a verified mobile number and the sms consents', () => {
    const state = fold(userDecider, [
      registered,
      {
        type: 'MobileNumberVerified',
        data: { user_id: patient.user_id, mobile_number: '5550199', verified_at: at },
      },
      {
        type: 'SmsConsentsChanged',
        data: {
          user_id: patient.user_id,
          sms_alerts_consent: true,
          otp_consent: true,
          changed_at: at,
        },
      },
    ]);
    expect(state.isMobileVerified).toBe(true);
    expect(state.profile?.mobile_number).toBe('5550199');
    expect(state.smsAlertsConsent).toBe(true);
    expect(state.otpConsent).toBe(true);
  });

  describe('patient details', () => {
    const details = {
      first_name: 'Ann',
      last_name: 'Lee',
      middle_name: null,
      birth_date: '1990-04-01',
      gender: 'Female',
      mobile_number: '5550100',
      zip_code: '10001',
    };
    const memberAdded: UserEvent = {
      type: 'FamilyMemberAdded',
      data: { ...child, patient_id: patient.user_id, added_at: at },
    };

    it('records only the fields that changed, before and after, and who changed them', () => {
      given([registered])
        .when({
          type: 'ChangePatientDetails',
          details: { ...details, last_name: 'Park', zip_code: null },
          practiceId: 'practice-1',
          now,
        })
        .then([
          {
            type: 'PatientDetailsChanged',
            data: {
              user_id: patient.user_id,
              name: 'Ann Park',
              practice_id: 'practice-1',
              before: { last_name: 'Lee', zip_code: '10001' },
              after: { last_name: 'Park', zip_code: null },
              changed_at: at,
            },
          },
        ]);
    });

    it('records nothing when nothing changed', () => {
      given([registered])
        .when({ type: 'ChangePatientDetails', details, practiceId: null, now })
        .then([]);
    });

    it('changes the profile, and a new mobile number is no longer verified', () => {
      const state = fold(userDecider, [
        registered,
        {
          type: 'MobileNumberVerified',
          data: { user_id: patient.user_id, mobile_number: '5550100', verified_at: at },
        },
        ...userDecider.decide(
          {
            type: 'ChangePatientDetails',
            details: { ...details, first_name: 'Anna', mobile_number: '5550111' },
            practiceId: null,
            now,
          },
          fold(userDecider, [registered]),
        ),
      ]);
      expect(state.profile?.first_name).toBe('Anna');
      expect(state.profile?.mobile_number).toBe('5550111');
      expect(state.isMobileVerified).toBe(false);
    });

    it('is a patient record: not for a practice user', () => {
      const provider: UserEvent = {
        type: 'UserRegistered',
        data: { ...patient, type: 'Provider', practice_id: 'practice-1', registered_at: at },
      };
      given([provider])
        .when({ type: 'ChangePatientDetails', details, practiceId: null, now })
        .thenThrows(NotFoundError, 'This patient does not exist.');
    });

    it.each([
      ['a name of one letter', { first_name: 'A' }, 'Invalid character length'],
      ['a name with digits', { last_name: 'L33' }, 'Invalid'],
      [
        'a future birth date',
        { birth_date: '2999-01-01' },
        'The date of birth should be a date earlier than today.',
      ],
      ['an impossible birth date', { birth_date: '1990-02-30' }, 'Invalid Date'],
      ['an unknown gender', { gender: 'X' }, 'Invalid'],
      ['a mobile number of letters', { mobile_number: 'call me' }, 'Invalid'],
      ['a zip code of letters', { zip_code: 'ABCDE' }, 'Invalid character length'],
    ])('refuses %s as its own invariant, not only at the route', (_, change, message) => {
      given([registered])
        .when({
          type: 'ChangePatientDetails',
          details: { ...details, ...change },
          practiceId: null,
          now,
        })
        .thenThrows(DomainError, message);
    });

    it("changes a family member on the holder's stream", () => {
      given([registered, memberAdded])
        .when({
          type: 'ChangeFamilyMember',
          memberId: child.member_id,
          details: { ...child, first_name: 'Bob', relationship: 'Child' },
          practiceId: null,
          now,
        })
        .then([
          {
            type: 'FamilyMemberChanged',
            data: {
              patient_id: patient.user_id,
              member_id: child.member_id,
              name: 'Bob Lee',
              practice_id: null,
              before: { first_name: 'Bo' },
              after: { first_name: 'Bob' },
              changed_at: at,
            },
          },
        ]);
      const state = fold(userDecider, [
        registered,
        memberAdded,
        {
          type: 'FamilyMemberChanged',
          data: {
            patient_id: patient.user_id,
            member_id: child.member_id,
            name: 'Bob Lee',
            practice_id: null,
            before: { first_name: 'Bo' },
            after: { first_name: 'Bob' },
            changed_at: at,
          },
        },
      ]);
      expect(state.family).toEqual([{ ...child, first_name: 'Bob' }]);
    });

    it('refuses an unknown family member and an unknown relationship', () => {
      given([registered])
        .when({
          type: 'ChangeFamilyMember',
          memberId: child.member_id,
          details: child,
          practiceId: null,
          now,
        })
        .thenThrows(NotFoundError, 'This patient does not exist.');
      given([registered, memberAdded])
        .when({
          type: 'ChangeFamilyMember',
          memberId: child.member_id,
          details: { ...child, relationship: 'Neighbour' },
          practiceId: null,
          now,
        })
        .thenThrows(DomainError, 'Invalid');
    });
  });
});
