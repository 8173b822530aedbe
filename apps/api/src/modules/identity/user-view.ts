import { DASHBOARDS, ROLE_PERMISSIONS, type UserView } from '@medbook/contracts';
import type { UserState } from './domain/user.events';

/** The user as the login response carries it (spec: Login request and response). */
export function userView(state: UserState, hasPassword: boolean): UserView {
  const profile = state.profile;
  if (!profile) throw new Error('userView of an unregistered user');
  const roles = [profile.type];
  return {
    id: profile.user_id,
    type: profile.type,
    name: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      middle_name: profile.middle_name,
      full_name: [profile.first_name, profile.middle_name, profile.last_name]
        .filter(Boolean)
        .join(' '),
    },
    email: profile.email,
    user_roles: roles,
    permissions: [...new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]))],
    practice_id: profile.practice_id,
    practice_type: profile.practice_id ? 'Practice' : null,
    birth_date: profile.birth_date,
    gender: profile.gender,
    zip_code: profile.zip_code,
    patient_insurances: [],
    credentials: {
      user_name: profile.email,
      mobile_number: profile.mobile_number,
      is_mobile_verified: state.isMobileVerified,
      is_email_verified: false,
      has_password: hasPassword,
    },
    telehealth_enabled: true,
    accept_reject_enabled: true,
    sms_alerts_consent: state.smsAlertsConsent,
    otp_consent: state.otpConsent,
    is_sms_stopped: false,
    profile_picture: null,
    social_login_provider: profile.social_provider,
    dashboard: DASHBOARDS[profile.type],
    disabled: state.disabled,
  };
}
