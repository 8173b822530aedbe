import type { EventStore } from '@medbook/event-store';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { CLOCK, type Clock } from './clock';
import { DATABASE, type Database } from './database/database';
import { CommandPipeline } from './event-sourcing/command-pipeline';
import { EVENT_STORE, eventStoreProvider, UPCAST } from './event-store/event-store.provider';
import { Leadership } from './leadership/leadership';
import { LOGGER } from './logging/logger';
import { ConsistentReadInterceptor } from './projections/consistent-read.interceptor';
import { PROJECTIONS, type Projection } from './projections/projection';
import { ProjectionsService } from './projections/projections.service';
import { LiveAccess } from './realtime/live-access';
import { LiveGateway } from './realtime/live.gateway';
import { LIVE_PUBLISHER, SocketLivePublisher } from './realtime/socket-live-publisher';

export interface InfraDependencies {
  readonly config: AppConfig;
  readonly database: Database;
  readonly logger: Logger;
  readonly clock: Clock;
  /** The projections to run, chosen by the app (infra knows no bounded context). */
  readonly projections: readonly Projection[];
  /** The store as the app reads it: old event shapes read as today's (see UpcastingEventStore). */
  readonly upcast: (store: EventStore) => EventStore;
}

@Global()
@Module({})
export class InfraModule {
  static forRoot(deps: InfraDependencies): DynamicModule {
    return {
      module: InfraModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: APP_CONFIG, useValue: deps.config },
        { provide: DATABASE, useValue: deps.database },
        { provide: LOGGER, useValue: deps.logger },
        { provide: CLOCK, useValue: deps.clock },
        { provide: PROJECTIONS, useValue: deps.projections },
        { provide: UPCAST, useValue: deps.upcast },
        { provide: LIVE_PUBLISHER, useClass: SocketLivePublisher },
        eventStoreProvider,
        CommandPipeline,
        Leadership,
        ProjectionsService,
        ConsistentReadInterceptor,
        LiveGateway,
        LiveAccess,
      ],
      exports: [
        APP_CONFIG,
        DATABASE,
        LOGGER,
        CLOCK,
        EVENT_STORE,
        LIVE_PUBLISHER,
        CommandPipeline,
        Leadership,
        ProjectionsService,
        ConsistentReadInterceptor,
        LiveAccess,
      ],
    };
  }
}
