export const USER_TYPES = [
  'Patient',
  'Provider',
  'PracticeAdmin',
  'Staff',
  'SuperUser',
  'SupportAgent',
  'FinancialSuperUser',
  'Guest',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Users who work for a practice and reach only that practice's records. */
export const PRACTICE_USER_TYPES: readonly UserType[] = ['Provider', 'PracticeAdmin', 'Staff'];

export const SOCIAL_PROVIDERS = ['GOOGLE', 'APPLE', 'FACEBOOK'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Where each user type lands after signing in (spec: Login, Dashboards). */
export const DASHBOARDS: Record<UserType, string> = {
  Patient: '/dashboard/patient',
  Provider: '/dashboard/doctor',
  Staff: '/dashboard/practice-staff',
  PracticeAdmin: '/practice-admin/dashboard',
  SuperUser: '/super-user/dashboard',
  SupportAgent: '/support-agent/dashboard',
  FinancialSuperUser: '/dashboard/doctor',
  Guest: '/',
};

/** Permissions per user type; a user's permissions are those of every role in user_roles. */
export const ROLE_PERMISSIONS: Record<UserType, readonly string[]> = {
  Patient: ['appointments:own', 'family:manage', 'waitlist:join', 'settings:own'],
  Provider: [
    'appointments:practice',
    'requests:manage',
    'notifications:read',
    'queue:manage',
    'calendar:view',
    'check-in-summary:view',
    'settings:own',
  ],
  Staff: [
    'appointments:practice',
    'requests:manage',
    'notifications:read',
    'queue:manage',
    'calendar:view',
    'check-in-summary:view',
  ],
  PracticeAdmin: [
    'appointments:practice',
    'requests:manage',
    'notifications:read',
    'queue:manage',
    'calendar:view',
    'calendar:manage',
    'check-in-summary:view',
    'reports:view',
    'practice-users:manage',
    'settings:own',
  ],
  SuperUser: ['practices:manage', 'users:manage', 'reports:view', 'ops:view'],
  SupportAgent: ['users:support', 'ops:view'],
  FinancialSuperUser: ['payments:manage', 'reports:view', 'settings:own'],
  Guest: [],
};
