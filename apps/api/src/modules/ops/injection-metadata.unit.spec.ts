import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import { ProjectionsService } from '../../infra/projections/projections.service';
import { HealthService } from './health.service';

// NestJS resolves constructor dependencies from emitDecoratorMetadata; a compiler that drops it
// (TypeScript 7's native compiler, a misconfigured transform) breaks injection at run time.
it('keeps the constructor parameter types NestJS injects by', () => {
  const injected = Reflect.getMetadata('design:paramtypes', HealthService) as unknown[];
  expect(injected).toHaveLength(4);
  expect(injected[0]).toBe(ProjectionsService);
  expect(Reflect.getMetadata('design:paramtypes', CommandPipeline)).toEqual([Object]);
});
