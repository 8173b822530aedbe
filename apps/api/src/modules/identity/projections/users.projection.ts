import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { UserEvent } from '../domain/user.events';

const USER_EVENTS = new Set<string>([
  'UserRegistered',
  'UserRoleChanged',
  'UserDisabled',
  'UserEnabled',
  'MobileNumberVerified',
  'SmsConsentsChanged',
  'FamilyMemberAdded',
] satisfies UserEvent['type'][]);

/** rm_users and rm_family_members, from the user-<id> streams. */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['rm_users', 'rm_family_members'],
  async apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    if (!USER_EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    const position = recorded.globalPosition;
    const update = (user_id: string) =>
      trx.updateTable('rm_users').where('user_id', '=', user_id).set({ position });
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        await trx
          .insertInto('rm_users')
          .values({
            user_id: d.user_id,
            type: d.type,
            email: d.email,
            first_name: d.first_name,
            last_name: d.last_name,
            middle_name: d.middle_name,
            birth_date: d.birth_date,
            gender: d.gender,
            mobile_number: d.mobile_number,
            zip_code: d.zip_code,
            time_zone: d.time_zone,
            practice_id: d.practice_id,
            sms_alerts_consent: d.sms_alerts_consent,
            social_provider: d.social_provider,
            registered_at: d.registered_at,
            position,
          })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
        return;
      }
      case 'UserRoleChanged':
        await update(event.data.user_id)
          .set({ type: event.data.type, practice_id: event.data.practice_id })
          .execute();
        return;
      case 'UserDisabled':
        await update(event.data.user_id).set({ disabled: true }).execute();
        return;
      case 'UserEnabled':
        await update(event.data.user_id).set({ disabled: false }).execute();
        return;
      case 'MobileNumberVerified':
        await update(event.data.user_id)
          .set({ mobile_number: event.data.mobile_number, is_mobile_verified: true })
          .execute();
        return;
      case 'SmsConsentsChanged':
        await update(event.data.user_id)
          .set({
            sms_alerts_consent: event.data.sms_alerts_consent,
            otp_consent: event.data.otp_consent,
          })
          .execute();
        return;
      case 'FamilyMemberAdded': {
        const d = event.data;
        await trx
          .insertInto('rm_family_members')
          .values({
            member_id: d.member_id,
            patient_id: d.patient_id,
            relationship: d.relationship,
            first_name: d.first_name,
            last_name: d.last_name,
            middle_name: d.middle_name,
            birth_date: d.birth_date,
            gender: d.gender,
            added_at: d.added_at,
            position,
          })
          .onConflict((oc) => oc.column('member_id').doNothing())
          .execute();
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
