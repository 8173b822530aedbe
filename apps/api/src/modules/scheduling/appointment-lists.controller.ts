import {
  AppointmentListQuery,
  type AppointmentPage,
  DoctorCountQuery,
  type DoctorCounts,
  PracticeCountQuery,
  RequestsQueryDto,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccessPolicy, forbidden } from '../identity/auth/access-policy';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { UserAccounts } from '../identity/user-accounts';
import { AppointmentListsRepository, DEFAULT_PAGE_SIZE } from './appointment-lists.repository';

const PRACTICE_STAFF = ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent'] as const;

/** The spec's `patientId` filter: one patient's appointments within the list's own scope. */
const patientsOf = (query: AppointmentListQuery): { patientIds?: readonly string[] } =>
  query.patientId ? { patientIds: [query.patientId] } : {};

/** The appointment lists of section 7 of the first document, each checked against its owner. */
@ApiTags('appointments')
@Controller('appointments')
export class AppointmentListsController {
  constructor(
    private readonly lists: AppointmentListsRepository,
    private readonly accounts: UserAccounts,
    private readonly policy: AccessPolicy,
  ) {}

  @Get('provider')
  @Roles(...PRACTICE_STAFF)
  @ReadsFrom('scheduling')
  async provider(
    @Caller() caller: Principal,
    @Query() query: AppointmentListQuery,
  ): Promise<AppointmentPage> {
    const doctorId = query.doctorId ?? caller.userId;
    const practiceId = await this.practiceOf(doctorId);
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.lists.list({ providerId: doctorId, ...patientsOf(query) }, query);
  }

  @Get('staff')
  @Roles(...PRACTICE_STAFF)
  @ReadsFrom('scheduling')
  async staff(
    @Caller() caller: Principal,
    @Query() query: AppointmentListQuery,
  ): Promise<AppointmentPage> {
    const staffId = query.staffId ?? caller.userId;
    const practiceId = await this.practiceOf(staffId);
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.lists.list({ practiceId, ...patientsOf(query) }, query);
  }

  /** A patient's own appointments and their family's (or one of them with patientId). */
  @Get('patient')
  @Roles('Patient', 'SuperUser', 'SupportAgent')
  @ReadsFrom('scheduling')
  async patient(
    @Caller() caller: Principal,
    @Query() query: AppointmentListQuery,
  ): Promise<AppointmentPage> {
    if (query.patientId) {
      await this.policy.assertMayActForPatient(caller, query.patientId);
      return this.lists.list({ patientIds: [query.patientId] }, query);
    }
    if (caller.type !== 'Patient') throw forbidden();
    const state = await this.accounts.load(caller.userId);
    const patientIds = [caller.userId, ...state.family.map((m) => m.member_id)];
    return this.lists.list({ patientIds }, query);
  }

  @Get('doctor-count')
  @Roles(...PRACTICE_STAFF)
  @ReadsFrom('scheduling')
  async doctorCount(
    @Caller() caller: Principal,
    @Query() query: DoctorCountQuery,
  ): Promise<DoctorCounts> {
    const practiceId = await this.practiceOf(query.doctorId);
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const doctor = await this.accounts.load(query.doctorId);
    return this.lists.doctorCounts(query.doctorId, query.date, doctor.profile?.time_zone ?? 'UTC');
  }

  /** Today's counts of the caller's whole practice, in the caller's zone. */
  @Get('practice-count')
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  @ReadsFrom('scheduling')
  async practiceCount(
    @Caller() caller: Principal,
    @Query() query: PracticeCountQuery,
  ): Promise<DoctorCounts> {
    if (!caller.practiceId) throw forbidden();
    const me = await this.accounts.load(caller.userId);
    return this.lists.practiceCounts(caller.practiceId, query.date, me.profile?.time_zone ?? 'UTC');
  }

  /** Pending requests of the caller's practice (the requests page). */
  @Post('requests')
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  @HttpCode(200)
  @ReadsFrom('scheduling')
  async requests(
    @Caller() caller: Principal,
    @Body() dto: RequestsQueryDto,
  ): Promise<AppointmentPage> {
    if (!caller.practiceId) throw forbidden();
    return this.lists.list(
      { practiceId: caller.practiceId },
      { status: 'Pending', pageNo: dto.page_no ?? 1, pageSize: dto.page_size ?? DEFAULT_PAGE_SIZE },
    );
  }

  @Post('request-logs')
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  @HttpCode(200)
  @ReadsFrom('scheduling')
  async requestLogs(@Caller() caller: Principal, @Body() dto: RequestsQueryDto) {
    if (!caller.practiceId) throw forbidden();
    return this.lists.requestLogs(
      caller.practiceId,
      dto.page_no ?? 1,
      dto.page_size ?? DEFAULT_PAGE_SIZE,
    );
  }

  /** The practice a practice user belongs to; unknown users belong to none (403 for all). */
  private async practiceOf(userId: string): Promise<string> {
    const state = await this.accounts.load(userId);
    const practiceId = state.profile?.practice_id;
    if (!practiceId) throw forbidden();
    return practiceId;
  }
}
