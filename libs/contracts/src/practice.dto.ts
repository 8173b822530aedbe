import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsTimeZone, IsUUID, Length, Max, Min } from 'class-validator';

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

/** Any read may ask to wait until the read model has caught up with a write it made. */
export class ConsistentReadQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  min_position?: number;
}

export interface PracticeView {
  readonly practice_id: string;
  readonly name: string;
  readonly time_zone: string;
  readonly registered_at: string;
  readonly position: number;
}

export interface CommandAccepted {
  readonly id: string;
  /** Global position of the command's last event: pass it as min_position to read your write. */
  readonly position: number;
}
