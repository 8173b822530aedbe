import { IsOptional, IsString, IsTimeZone, IsUUID, Length } from 'class-validator';

export class RegisterPracticeDto {
  @IsString()
  @Length(2, 100)
  name!: string;

  /** IANA time zone the practice works in, e.g. America/New_York. */
  @IsTimeZone()
  time_zone!: string;

  /** Client-chosen id: a retry with the same id returns the first result and writes nothing. */
  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export interface PracticeView {
  readonly practice_id: string;
  readonly name: string;
  readonly time_zone: string;
  readonly registered_at: string;
  readonly position: number;
}
