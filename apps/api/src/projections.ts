import { practicesProjection } from './modules/directory/projections/practices.projection';
import { usersProjection } from './modules/identity/projections/users.projection';
import { schedulingProjection } from './modules/scheduling/projections/scheduling.projection';
import { providerSearchProjection } from './modules/search/projections/provider-search.projection';
import { directoryEntriesProjection } from './modules/directory/projections/directory-entries.projection';
import { notificationsProjection } from './modules/notifications/projections/notifications.projection';
import { walkInQueueProjection } from './modules/walk-in-queue/projections/walk-in-queue.projection';
import { waitlistProjection } from './modules/waitlist/projections/waitlist.projection';
import { practiceAuditProjection } from './modules/audit/projections/practice-audit.projection';
import { telehealthProjection } from './modules/telehealth/projections/telehealth.projection';
import { analyticsProjection } from './modules/analytics/projections/analytics.projection';
import { reviewsProjection } from './modules/reviews/projections/reviews.projection';
import { digitalCheckInProjection } from './modules/digital-check-in/projections/digital-check-in.projection';
import { vaccinationsProjection } from './modules/vaccination/projections/vaccinations.projection';
import type { Projection } from './infra/projections/projection';

/** Every projection the service keeps; a bounded context adds its own here (infra knows none). */
export const ALL_PROJECTIONS: readonly Projection[] = [
  practicesProjection,
  directoryEntriesProjection,
  usersProjection,
  schedulingProjection,
  providerSearchProjection,
  notificationsProjection,
  walkInQueueProjection,
  waitlistProjection,
  telehealthProjection,
  reviewsProjection,
  practiceAuditProjection,
  analyticsProjection,
  digitalCheckInProjection,
  vaccinationsProjection,
];
