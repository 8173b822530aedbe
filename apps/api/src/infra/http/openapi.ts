import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Parameter = NonNullable<Operation['parameters']>[number];
/** What class-validator-jsonschema writes for a DTO (the part read here). */
interface DtoSchema {
  readonly properties?: Record<string, object>;
  readonly required?: readonly string[];
}
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

export const OPENAPI_JSON_PATH = 'api/v1/openapi.json';
export const OPENAPI_UI_PATH = 'api/v1/docs';

/** The controller name each route's operation id was first published under, by controller. */
const publishedUnder = new Map<string, string>();

/**
 * Routes that moved to another controller keep the operation ids clients know them by
 * (`<Controller>_<method>`): the moved controller names the one it was published under.
 */
export const PublishedUnder =
  (controllerName: string): ClassDecorator =>
  (target) => {
    publishedUnder.set(target.name, controllerName);
  };

function operationId(controllerKey: string, methodKey: string, version?: string): string {
  const id = `${publishedUnder.get(controllerKey) ?? controllerKey}_${methodKey}`;
  return version ? `${id}_${version}` : id;
}

/**
 * The OpenAPI document comes from the running routes and the class-validator rules of the DTOs
 * in libs/contracts: the same rules that validate requests describe them, so it cannot drift.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Medbook API')
      .setDescription(
        'Live, event-sourced appointment booking. Every response is {status_code, message, data}.',
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
    { operationIdFactory: operationId },
  );
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classTransformerMetadataStorage: defaultMetadataStorage,
  });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(schemas as Record<string, object>) },
  };
  describeQueries(document, queryTypes(app), schemas);
  return document;
}

/**
 * The class of each route's `@Query()` DTO, by operation id. Swagger describes a query DTO only
 * from its own decorators, which the contracts (shared with the web) do not carry.
 */
function queryTypes(app: INestApplication): Map<string, string> {
  const types = new Map<string, string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      for (const method of Object.getOwnPropertyNames(metatype.prototype)) {
        const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, method) as
          Record<string, { index: number }> | undefined;
        if (!args) continue;
        const params = (Reflect.getMetadata(
          'design:paramtypes',
          metatype.prototype as object,
          method,
        ) ?? []) as unknown[];
        for (const [key, { index }] of Object.entries(args)) {
          const type = params[index];
          if (Number(key.split(':')[0]) !== (RouteParamtypes.QUERY as number)) continue;
          if (typeof type === 'function' && type !== Object) {
            types.set(operationId(metatype.name, method), type.name);
          }
        }
      }
    }
  }
  return types;
}

/** Each query DTO's properties as the operation's query parameters, with their rules. */
function describeQueries(
  document: OpenAPIObject,
  types: ReadonlyMap<string, string>,
  schemas: Readonly<Record<string, DtoSchema>>,
): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      const type = operation?.operationId && types.get(operation.operationId);
      const schema = type ? schemas[type] : undefined;
      if (!operation || !schema?.properties) continue;
      const present = new Set(
        (operation.parameters ?? []).map((p) => ('name' in p ? `${p.in}:${p.name}` : '')),
      );
      const added: Parameter[] = Object.entries(schema.properties)
        .filter(([name]) => !present.has(`query:${name}`))
        .map(([name, property]) => ({
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          schema: property,
        }));
      operation.parameters = [...(operation.parameters ?? []), ...added];
    }
  }
}

export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup(OPENAPI_UI_PATH, app, buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: 'api/v1/openapi.yaml',
  });
}
