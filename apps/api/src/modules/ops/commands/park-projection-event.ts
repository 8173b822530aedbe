import { type CommandAccepted, OPS_MESSAGES, type ParkEventDto } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../../domain/domain-error';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { EVENT_STORE } from '../../../infra/event-store/event-store.provider';
import type { RequestContext } from '../../../infra/http/request-context';
import { parksStreamOf } from '../../../infra/projections/projection-parks';
import { ProjectionsService } from '../../../infra/projections/projections.service';
import {
  LIVE_PUBLISHER,
  type SocketLivePublisher,
} from '../../../infra/realtime/socket-live-publisher';
import { projectionParksDecider } from '../domain/projection-parks.decider';

export class ParkProjectionEventCommand extends Command<CommandAccepted> {
  constructor(
    readonly projection: string,
    readonly dto: ParkEventDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * An operator skips one event for one projection (the one it is stuck on, typically): only an
 * event in the log that the projection has not applied yet can be parked. The park is an event;
 * the projection's leader is told over the live fan-out and retries at once.
 */
@CommandHandler(ParkProjectionEventCommand)
export class ParkProjectionEventHandler implements ICommandHandler<ParkProjectionEventCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly projections: ProjectionsService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_PUBLISHER) private readonly publisher: SocketLivePublisher,
  ) {}

  async execute({
    projection,
    dto,
    context,
  }: ParkProjectionEventCommand): Promise<CommandAccepted> {
    const checkpoint = await this.projections.checkpointOf(projection);
    if (!checkpoint) throw new NotFoundError(OPS_MESSAGES.unknownProjection);
    const at = await this.store.logPositionOf(dto.position);
    const [event] = at
      ? await this.store.readAll({
          after: { commit: at.commit, position: at.position - 1 },
          maxCount: 1,
        })
      : [];
    if (!at || !event || event.globalPosition !== dto.position) {
      throw new NotFoundError(OPS_MESSAGES.unknownEvent);
    }
    if (
      at.commit < checkpoint.commit ||
      (at.commit === checkpoint.commit && at.position <= checkpoint.position)
    ) {
      throw new ConflictError(OPS_MESSAGES.alreadyApplied);
    }
    const committed = await this.pipeline.decideOn(
      parksStreamOf(projection),
      projectionParksDecider,
      {
        command: { projection, position: dto.position, eventType: event.type, reason: dto.reason },
        context,
        commandId: null,
      },
    );
    this.publisher.publish('ops', 'projection.parked', {
      name: projection,
      parked_position: dto.position,
      position: committed.position,
    });
    return { id: projection, position: committed.position };
  }
}
