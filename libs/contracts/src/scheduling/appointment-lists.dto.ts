import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../appointment-status';
import { ConsistentReadQuery } from '../read-your-writes';
import { CALENDAR_VISIT_TYPES } from './calendar-view';
import { invalid } from '../validation-options';
import { DATE_RANGE_MESSAGE, IsCalendarDate, IsNotBeforeDate } from '../calendar-date';

/** Far past any real list; keeps the row offset within PostgreSQL's bigint. */
export const MAX_PAGE_NO = 1_000_000;

/** The spec's list filters (query names as the spec writes them) and paging. */
export class AppointmentListQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsUUID(undefined, invalid)
  doctorId?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  staffId?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  patientId?: string;

  @IsOptional()
  @IsCalendarDate(invalid)
  startDate?: string;

  @IsOptional()
  @IsCalendarDate(invalid)
  @IsNotBeforeDate('startDate', { message: DATE_RANGE_MESSAGE })
  endDate?: string;

  @IsOptional()
  @IsIn(APPOINTMENT_STATUSES, invalid)
  status?: AppointmentStatus;

  @IsOptional()
  @IsIn(CALENDAR_VISIT_TYPES, invalid)
  visitType?: string;

  @IsOptional()
  @IsIn(['Scheduled', 'WalkIn', 'Walk-In'], invalid)
  scheduleType?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1)
  @Max(MAX_PAGE_NO)
  pageNo?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1)
  @Max(100)
  pageSize?: number;
}

export class RequestsQueryDto {
  @IsOptional()
  @IsUUID(undefined, invalid)
  user_id?: string;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(MAX_PAGE_NO)
  page_no?: number;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(100)
  page_size?: number;
}

export class DoctorCountQuery extends ConsistentReadQuery {
  @IsUUID(undefined, invalid)
  doctorId!: string;

  @IsOptional()
  @IsCalendarDate(invalid)
  date?: string;
}

/** Today's counts of the whole practice (the staff's and admin's dashboards). */
export class PracticeCountQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsCalendarDate(invalid)
  date?: string;
}
