import { AddFamilyMemberHandler } from './add-family-member';
import { ChangePatientDetailsHandler } from './change-patient-details';
import { ChangeSmsConsentsHandler } from './change-sms-consents';
import { ChangeUserRoleHandler } from './change-user-role';
import { ChangeUserStatusHandler } from './change-user-status';
import { CreatePracticeUserHandler } from './create-practice-user';
import { RegisterUserHandler } from './register-user';
import { VerifyMobileNumberHandler } from './verify-mobile-number';

export const IDENTITY_COMMAND_HANDLERS = [
  AddFamilyMemberHandler,
  ChangePatientDetailsHandler,
  ChangeSmsConsentsHandler,
  ChangeUserRoleHandler,
  ChangeUserStatusHandler,
  CreatePracticeUserHandler,
  RegisterUserHandler,
  VerifyMobileNumberHandler,
];
