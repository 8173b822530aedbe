import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
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
  return document;
}

export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup(OPENAPI_UI_PATH, app, buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: 'api/v1/openapi.yaml',
  });
}
