import { randomUUID } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  AppointmentChangeDto,
  BookAppointmentDto,
  CalendarLookupQuery,
  CalendarReasonDto,
  RemoveCalendarReasonDto,
  STATUS_MESSAGES,
  type BookingResult,
  CancelAppointmentDto,
  ChangeAppointmentStatusDto,
  type CommandAccepted,
  ConsistentReadQuery,
  CreateCalendarDto,
  HoldSlotDto,
  MarkedTimeSpanDto,
  NextAvailabilityQuery,
  ReasonWeekDto,
  TeleAppointmentView,
  UpdateCalendarDto,
  WalkInDto,
  RescheduleAppointmentDto,
  type HoldView,
  WeekQuery,
  type WeekView,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DateTime } from 'luxon';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { ConflictError, DomainError, NotFoundError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccessPolicy, forbidden } from '../identity/auth/access-policy';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { APPOINTMENT_NOT_FOUND } from './domain/appointment.decider';
import {
  CALENDAR_NOT_FOUND,
  type CalendarCommand,
  type CalendarDirectory,
  calendarDecider,
} from './domain/calendar.decider';
import {
  type CalendarSettings,
  calendarStreamId,
  withCalendarDefaults,
} from './domain/calendar.events';
import { SchedulingRepository } from './scheduling.repository';
import { SchedulingService } from './scheduling.service';
import { forReason, offersReason } from './domain/reason-window';
import { nextAvailability, WEEK_DAYS, weekView } from './week-calendar';

const DAY_MS = 86_400_000;

const reasonOf = (dto: CalendarReasonDto) => ({
  title: dto.title,
  ...(dto.week_time_frame ? { week_time_frame: dto.week_time_frame } : {}),
  ...(dto.allow_immediate_checkin !== undefined
    ? { allow_immediate_checkin: dto.allow_immediate_checkin }
    : {}),
});

const PRACTICE_STAFF = ['Provider', 'PracticeAdmin', 'Staff'] as const;
export const REASON_NOT_REGISTERED = 'This visit reason is not registered.';
export const NO_CALENDAR_FOR_REASON = 'No calendar offers this visit reason here.';

@ApiTags('scheduling')
@Controller()
export class SchedulingController {
  constructor(
    private readonly scheduling: SchedulingService,
    private readonly repository: SchedulingRepository,
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('practices/:practice_id/calendars')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('Calendar created.')
  async createCalendar(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: CreateCalendarDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const directory = await this.calendarDirectory(dto);
    const calendarId = dto.command_id ? eventIdFor(dto.command_id, -1) : randomUUID();
    const result = await this.pipeline.decideOn(calendarStreamId(calendarId), calendarDecider, {
      command: {
        type: 'CreateCalendar',
        settings: {
          calendar_id: calendarId,
          practice_id: practiceId,
          name: dto.name.trim(),
          provider_id: dto.provider_id ?? null,
          resource_id: dto.resource_id ?? null,
          facility_id: dto.facility_id,
          time_zone: dto.time_zone,
          visit_type: dto.visit_type,
          first_hour: dto.first_hour,
          last_hour: dto.last_hour,
          time_step: dto.time_step,
          working_days: dto.working_days ?? [1, 2, 3, 4, 5],
          date_from: dto.date_from,
          date_to: dto.date_to ?? null,
          booking_capacity: dto.booking_capacity,
          marked_time_spans: dto.marked_time_spans ?? [],
          minutes_before_showing_slots: dto.minutes_before_showing_slots ?? 60,
          slots_hide_hours: dto.slots_hide_hours ?? 0,
          online_booking_disabled: dto.online_booking_disabled ?? false,
          wait_list_enabled: dto.wait_list_enabled ?? false,
          can_check_in: dto.can_check_in ?? false,
          accept_reject_enabled: dto.accept_reject_enabled ?? false,
          hold_minutes: dto.hold_minutes ?? 10,
          reasons: dto.reasons ?? [],
          custom_form_ids: dto.custom_form_ids ?? [],
          collect_patient_demographics: dto.collect_patient_demographics ?? false,
          enable_insurance: dto.enable_insurance ?? true,
          enable_insurance_eligibility: dto.enable_insurance_eligibility ?? false,
        },
        directory,
        now: this.clock.now(),
      },
      context,
      commandId: dto.command_id ?? null,
    });
    return { id: calendarId, position: result.position };
  }

  /** Changes hours, steps, days, blocks and the booking rules; open week views refetch live. */
  @Put('calendars/:calendar_id')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Calendar updated.')
  async updateCalendar(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: UpdateCalendarDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    const settings = await this.scheduling.calendar(calendarId);
    this.policy.assertMayWorkForPractice(caller, settings.practice_id);
    // Only what was sent changes: DTO instances carry every declared field, unset ones undefined.
    const changes = Object.fromEntries(
      Object.entries(dto).filter(([, value]) => value !== undefined),
    ) as Partial<CalendarSettings>;
    const result = await this.pipeline.decideOn(calendarStreamId(calendarId), calendarDecider, {
      command: { type: 'ChangeCalendarSettings', changes, now: this.clock.now() },
      context,
      commandId: null,
    });
    return { id: calendarId, position: result.position };
  }

  /** Blocks a span of time: no slot overlapping it is offered; booked visits in it are flagged. */
  @Post('calendars/:calendar_id/blocks')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('Time blocked.')
  block(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: MarkedTimeSpanDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.changeCalendar(caller, calendarId, context, (now) => ({
      type: 'BlockTimeSpan',
      span: { start: dto.start, end: dto.end },
      now,
    }));
  }

  /** Opens a blocked span again (the same start and end as blocked): its slots are offered again. */
  @Delete('calendars/:calendar_id/blocks')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Time unblocked.')
  unblock(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: MarkedTimeSpanDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.changeCalendar(caller, calendarId, context, (now) => ({
      type: 'UnblockTimeSpan',
      span: { start: dto.start, end: dto.end },
      now,
    }));
  }

  /** Offers a visit reason on the calendar, with its week_time_frame and immediate check-in. */
  @Post('calendars/:calendar_id/reasons')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('Reason added.')
  addReason(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: CalendarReasonDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.changeCalendar(caller, calendarId, context, (now) => ({
      type: 'AddCalendarReason',
      reason: reasonOf(dto),
      now,
    }));
  }

  /** New rules for a reason the calendar offers, named by its title. */
  @Put('calendars/:calendar_id/reasons')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Reason updated.')
  changeReason(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: CalendarReasonDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.changeCalendar(caller, calendarId, context, (now) => ({
      type: 'ChangeCalendarReason',
      reason: reasonOf(dto),
      now,
    }));
  }

  @Delete('calendars/:calendar_id/reasons')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Reason removed.')
  removeReason(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: RemoveCalendarReasonDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.changeCalendar(caller, calendarId, context, (now) => ({
      type: 'RemoveCalendarReason',
      title: dto.title,
      now,
    }));
  }

  /** A practice's calendars with their settings, for its staff (the calendar editor). */
  @Get('practices/:practice_id/calendars')
  @Roles(...PRACTICE_STAFF, 'SuperUser')
  @ReadsFrom('scheduling')
  async practiceCalendars(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ) {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return (await this.repository.practiceCalendars(practiceId)).map(withCalendarDefaults);
  }

  /** Calendars by provider or resource and facility (public: the booking flow finds them). */
  @Get('calendars')
  @Public()
  @ReadsFrom('scheduling')
  async findCalendars(@Query() query: CalendarLookupQuery): Promise<CalendarSettings[]> {
    if (!query.provider_id && !query.resource_id) {
      throw new DomainError('invalid', STATUS_MESSAGES[400], {
        errors: ['provider_id or resource_id is required'],
      });
    }
    return (await this.repository.findCalendars(query)).map(withCalendarDefaults);
  }

  /** The calendar's settings (public: the booking flow reads them). */
  @Get('calendars/:calendar_id')
  @Public()
  @ReadsFrom('scheduling')
  async settings(
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() _consistency: ConsistentReadQuery,
  ) {
    const settings = await this.repository.calendar(calendarId);
    if (!settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
    return withCalendarDefaults(settings);
  }

  /**
   * The first free slot on or after a day, within 24 months; null when there is none. With
   * selectedReasonTitle (reason-based), only within that visit reason's week_time_frame.
   */
  @Get('calendars/:calendar_id/next-availability')
  @Public()
  @ReadsFrom('scheduling', 'directory')
  async nextAvailability(
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() query: NextAvailabilityQuery,
  ): Promise<{ next_available_date: string | null; start_date: string | null }> {
    const calendar = await this.repository.calendar(calendarId);
    if (!calendar) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const now = this.clock.now();
    const settings = query.selectedReasonTitle
      ? await this.forReason(calendar, query.selectedReasonTitle, now)
      : calendar;
    const horizon = new Date(now.getTime() + 740 * 86_400_000);
    const full = await this.repository.slotCapacity(calendarId, now, horizon);
    const found = nextAvailability(settings, query.start_date, now, full);
    return { next_available_date: found?.day ?? null, start_date: found?.start_date ?? null };
  }

  /** Five days of free slots (public: visitors browse availability). */
  @Get('calendars/:calendar_id/week')
  @Public()
  @ReadsFrom('scheduling')
  async week(
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() query: WeekQuery,
  ): Promise<WeekView> {
    const settings = await this.repository.calendar(calendarId);
    if (!settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const now = this.clock.now();
    const start = query.start_date;
    // The five days shown, with a day's margin each side for the facility's offset from UTC.
    const requested = start ? Date.parse(start) : Number.NaN;
    const firstDay = Number.isNaN(requested) ? now.getTime() : Math.max(now.getTime(), requested);
    const from = new Date(firstDay - DAY_MS);
    const to = new Date(firstDay + (WEEK_DAYS + 1) * DAY_MS);
    const capacity = await this.repository.slotCapacity(calendarId, from, to);
    return weekView(settings, start, now, capacity);
  }

  /**
   * The spec's reason-based week: the provider's (or resource's) calendar at the facility that
   * offers the selected visit reason, its five days narrowed to the reason's week_time_frame.
   */
  @Post('calendars/reason-based/week')
  @Public()
  @HttpCode(200)
  @ReadsFrom('scheduling', 'directory')
  async reasonWeek(
    @Body() dto: ReasonWeekDto,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<WeekView> {
    if (!dto.provider_id === !dto.resource_id) {
      throw new DomainError('invalid', STATUS_MESSAGES[400], {
        errors: ['provider_id or resource_id is required'],
      });
    }
    const calendars = await this.repository.findCalendars({
      provider_id: dto.provider_id,
      resource_id: dto.resource_id,
      facility_id: dto.facility_id,
    });
    const title = dto.selected_reason_title.trim();
    // A calendar that names the reason comes before one that offers every reason.
    const calendar =
      calendars.find((c) => c.reasons?.includes(title)) ??
      calendars.find((c) => offersReason(c, title));
    if (!calendar) throw new NotFoundError(NO_CALENDAR_FOR_REASON);
    const now = this.clock.now();
    const settings = await this.forReason(calendar, title, now);
    const from = new Date(now.getTime() - 86_400_000);
    const to = new Date(from.getTime() + 800 * 86_400_000);
    const capacity = await this.repository.slotCapacity(calendar.calendar_id, from, to);
    return weekView(settings, dto.start_date, now, capacity);
  }

  @Put('calendars/:calendar_id/slots/hold')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  async hold(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: HoldSlotDto,
    @Context() context: RequestContext,
  ): Promise<HoldView> {
    const patientId = dto.patient_id ?? caller.userId;
    await this.assertMayBookFor(caller, patientId, calendarId);
    return this.scheduling.hold(
      calendarId,
      dto.start_date,
      patientId,
      dto.command_id ?? null,
      context,
    );
  }

  @Delete('calendars/:calendar_id/slots/hold/:hold_id')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  async release(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Param('hold_id', new ParseUUIDPipe()) holdId: string,
    @Body() dto: HoldSlotDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number | null }> {
    const patientId = dto.patient_id ?? caller.userId;
    await this.assertMayBookFor(caller, patientId, calendarId);
    const start = new Date(dto.start_date).toISOString().replace('.000Z', 'Z');
    const position = await this.scheduling.endHold(
      calendarId,
      start,
      holdId,
      { patientId },
      context,
    );
    return { position };
  }

  @Post('appointments')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(201)
  async book(
    @Caller() caller: Principal,
    @Body() dto: BookAppointmentDto,
    @Context() context: RequestContext,
  ): Promise<BookingResult> {
    const patientId = dto.patient_id ?? caller.userId;
    if (caller.type === 'Patient') await this.assertMayBookFor(caller, patientId, dto.calendar_id);
    return this.scheduling.book(
      {
        calendarId: dto.calendar_id,
        start: dto.start_date,
        patientId,
        bookedBy: caller.userId,
        holdId: dto.hold_id ?? null,
        reason: dto.reason?.trim() || null,
        commandId: dto.command_id ?? null,
        // Practice staff book on their own practice's calendars: checked on the calendar the
        // booking loads anyway.
        authorize:
          caller.type === 'Patient'
            ? undefined
            : (settings) => this.policy.assertMayWorkForPractice(caller, settings.practice_id),
      },
      { ...context, onBehalfOf: patientId === caller.userId ? null : patientId },
    );
  }

  @Post('appointments/walk-in')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(201)
  async walkIn(
    @Caller() caller: Principal,
    @Body() dto: WalkInDto,
    @Context() context: RequestContext,
  ): Promise<BookingResult> {
    const patientId = dto.patient_id ?? caller.userId;
    await this.assertMayBookFor(caller, patientId, dto.calendar_id);
    return this.scheduling.walkIn(
      {
        calendarId: dto.calendar_id,
        patientId,
        bookedBy: caller.userId,
        reason: dto.reason?.trim() || null,
        commandId: dto.command_id ?? null,
      },
      { ...context, onBehalfOf: patientId === caller.userId ? null : patientId },
    );
  }

  /** The spec's tele appointment by id (tele/appointments/{id}/get). */
  @Get('tele/appointments/:appointment_id/get')
  async teleAppointment(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
  ): Promise<TeleAppointmentView> {
    const details = await this.scheduling.appointment(appointmentId);
    await this.assertMayReach(caller, details);
    if (details.visit_type !== 'Telehealth') throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    const participants = [
      { participant_id: details.patient_id, participant_type: 'Patient' as const },
      ...(details.provider_id
        ? [{ participant_id: details.provider_id, participant_type: 'Provider' as const }]
        : []),
    ];
    return {
      appointment_id: details.appointment_id,
      status: details.status,
      start_date: details.start_date,
      end_date: details.end_date,
      system_type: 'Internal',
      consents: [],
      is_lab_test_appointment: false,
      participant_ids: participants.map((p) => p.participant_id),
      participants,
      meeting_history: [],
    };
  }

  @Get('appointments/:appointment_id')
  async appointment(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
  ) {
    const details = await this.scheduling.appointment(appointmentId);
    await this.assertMayReach(caller, details);
    return { ...details, revision: await this.scheduling.appointmentRevision(appointmentId) };
  }

  @Delete('appointments/:appointment_id')
  @HttpCode(200)
  @ResponseMessage('Appointment canceled.')
  async cancel(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: CancelAppointmentDto,
    @Context() context: RequestContext,
  ) {
    await this.assertMayReach(caller, await this.scheduling.appointment(appointmentId));
    return this.scheduling.cancel(
      appointmentId,
      dto.reason?.trim() || null,
      caller.userId,
      dto.expected_revision ?? null,
      context,
    );
  }

  @Put('appointments/:appointment_id/status')
  @Roles(...PRACTICE_STAFF, 'SuperUser')
  @HttpCode(200)
  async changeStatus(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: ChangeAppointmentStatusDto,
    @Context() context: RequestContext,
  ) {
    const details = await this.scheduling.appointment(appointmentId);
    this.policy.assertMayWorkForPractice(caller, details.practice_id);
    return this.scheduling.changeStatus(
      appointmentId,
      dto.status,
      caller.userId,
      dto.expected_revision ?? null,
      context,
    );
  }

  /** The patient confirms they will come (patient confirmation status). */
  @Put('appointments/:appointment_id/confirm')
  @Roles('Patient')
  @HttpCode(200)
  async confirm(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: AppointmentChangeDto,
    @Context() context: RequestContext,
  ) {
    await this.assertMayReach(caller, await this.scheduling.appointment(appointmentId));
    return this.scheduling.changeStatus(
      appointmentId,
      'Confirmed',
      caller.userId,
      dto.expected_revision ?? null,
      context,
    );
  }

  /**
   * Check-in: a patient may check in on the appointment's day when its calendar allows it;
   * practice users check patients in at the desk.
   */
  @Put('appointments/:appointment_id/check-in')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  async checkIn(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: AppointmentChangeDto,
    @Context() context: RequestContext,
  ) {
    const details = await this.scheduling.appointment(appointmentId);
    await this.assertMayReach(caller, details);
    if (caller.type === 'Patient') {
      const settings = await this.scheduling.calendar(details.calendar_id);
      const zone = details.time_zone;
      const today = DateTime.fromJSDate(this.clock.now(), { zone }).toISODate();
      const day = DateTime.fromISO(details.start_date, { zone }).toISODate();
      // The calendar allows check-in, or the visit's reason allows immediate check-in there.
      const immediate = settings.associated_reasons?.some(
        (r) => r.title === details.reason && r.allow_immediate_checkin,
      );
      if (!(settings.can_check_in || immediate) || today !== day) {
        throw new ConflictError(BOOKING_MESSAGES.checkInUnavailable);
      }
    }
    return this.scheduling.changeStatus(
      appointmentId,
      'Checked-In',
      caller.userId,
      dto.expected_revision ?? null,
      context,
    );
  }

  /** Mark complete: the visit is over. */
  @Post('appointments/:appointment_id/complete')
  @Roles(...PRACTICE_STAFF)
  @HttpCode(200)
  async complete(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: AppointmentChangeDto,
    @Context() context: RequestContext,
  ) {
    const details = await this.scheduling.appointment(appointmentId);
    this.policy.assertMayWorkForPractice(caller, details.practice_id);
    return this.scheduling.changeStatus(
      appointmentId,
      'Checked-Out',
      caller.userId,
      dto.expected_revision ?? null,
      context,
    );
  }

  @Put('appointments/:appointment_id/reschedule')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  @ResponseMessage(BOOKING_MESSAGES.rescheduled)
  async reschedule(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: RescheduleAppointmentDto,
    @Context() context: RequestContext,
  ): Promise<BookingResult> {
    await this.assertMayReach(caller, await this.scheduling.appointment(appointmentId));
    return this.scheduling.reschedule(
      appointmentId,
      dto.start_date,
      caller.userId,
      dto.expected_revision ?? null,
      context,
    );
  }

  /** A calendar command by one of its practice's admins (or a super user). */
  private async changeCalendar(
    caller: Principal,
    calendarId: string,
    context: RequestContext,
    command: (now: Date) => CalendarCommand,
  ): Promise<CommandAccepted> {
    const settings = await this.scheduling.calendar(calendarId);
    this.policy.assertMayWorkForPractice(caller, settings.practice_id);
    const result = await this.pipeline.decideOn(calendarStreamId(calendarId), calendarDecider, {
      command: command(this.clock.now()),
      context,
      commandId: null,
    });
    return { id: calendarId, position: result.position };
  }

  /** Patients book for themselves and their family; practice users for their practice's calendars. */
  /** The facility and the provider or resource as registered, each read from its own stream. */
  private async calendarDirectory(dto: CreateCalendarDto): Promise<CalendarDirectory> {
    const [facility, owner] = await Promise.all([
      this.scheduling.directoryEntry('facility', dto.facility_id),
      dto.provider_id
        ? this.scheduling.directoryEntry('provider', dto.provider_id)
        : dto.resource_id
          ? this.scheduling.directoryEntry('resource', dto.resource_id)
          : null,
    ]);
    return {
      facility: facility && {
        practice_id: facility.practice_id,
        time_zone: String(facility.details.iana_time_zone),
      },
      owner: owner && { practice_id: owner.practice_id },
    };
  }

  /** The calendar narrowed to a registered visit reason's week_time_frame. */
  private async forReason(
    settings: CalendarSettings,
    title: string,
    now: Date,
  ): Promise<CalendarSettings> {
    // The calendar's own window for the reason comes first, then the practice's registered one.
    const own = settings.associated_reasons?.find((r) => r.title === title.trim());
    if (own?.week_time_frame?.length) return forReason(settings, own.week_time_frame, now);
    const reason = await this.repository.visitReason(settings.practice_id, title.trim());
    if (!reason && !own) throw new NotFoundError(REASON_NOT_REGISTERED);
    return forReason(settings, reason?.week_time_frame, now);
  }

  private async assertMayBookFor(caller: Principal, patientId: string, calendarId: string) {
    if (caller.type === 'Patient') {
      if (!(await this.policy.mayActForPatient(caller, patientId))) throw forbidden();
      return;
    }
    const settings = await this.scheduling.calendar(calendarId);
    this.policy.assertMayWorkForPractice(caller, settings.practice_id);
  }

  private async assertMayReach(
    caller: Principal,
    details: { patient_id: string; booked_by: string; practice_id: string },
  ) {
    if (caller.type === 'Patient') {
      if (details.booked_by === caller.userId) return;
      if (await this.policy.mayActForPatient(caller, details.patient_id)) return;
      throw forbidden();
    }
    this.policy.assertMayWorkForPractice(caller, details.practice_id);
  }
}
