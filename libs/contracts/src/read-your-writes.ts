import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Any read may ask to wait until the read model has caught up with a write it made. */
export class ConsistentReadQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  min_position?: number;
}

export interface CommandAccepted {
  readonly id: string;
  /** Global position of the command's last event: pass it as min_position to read your write. */
  readonly position: number;
}

/** Every server-to-client message carries the global position of the event behind it. */
export interface Positioned {
  readonly position: number;
}
