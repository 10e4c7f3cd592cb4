import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { REQUEST_EXAMPLES, RESPONSE_EXAMPLES, SUMMARIES } from './openapi-summaries';

/**
 * Makes every operation of /api/docs complete without each route spelling it out
 * (docs/decisions/152): operationId from method and path, a summary (the route's own, else
 * openapi-summaries.ts, else one made from the path), tags from the first path segment, and
 * security from the route access convention (`config.access`): public routes need no credentials,
 * every other one the bearer token. Only /api routes are described; the web app's pages, robots,
 * sitemap and static files are hidden.
 */
export const describeRoute: SwaggerTransform = (input) => {
  if ((input.schema as { hide?: boolean } | undefined)?.hide) return { schema: input.schema, url: input.url };
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const docPath = documentPath(url);
  if (!docPath.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
  const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method).toUpperCase();
  const key = `${method} ${docPath}`;
  const own = schema as Record<string, unknown>;
  const access = (input.route.config as { access?: unknown } | undefined)?.access;
  const described = {
    ...own,
    operationId: own.operationId ?? operationIdFor(method, docPath),
    summary: own.summary ?? SUMMARIES[key] ?? summaryFromPath(method, docPath),
    tags: own.tags ?? [docPath.split('/')[2] ?? 'api'],
    security: own.security ?? (access === 'public' ? [] : [{ bearer: [] }]),
  };
  return { url, schema: described as typeof schema };
};

/** "/api/products/:id/" → "/api/products/{id}", the spelling the document uses. */
export function documentPath(url: string): string {
  const path = url.replace(/:(\w+)/g, '{$1}');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** GET /api/messages/conversations/{id}/messages → getMessagesConversationsByIdMessages */
export function operationIdFor(method: string, docPath: string): string {
  const words = docPath
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const word = (param ? `by-${param[1]}` : segment).replace(/[^A-Za-z0-9]+(\w)/g, (_m, c: string) => c.toUpperCase());
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return method.toLowerCase() + words.join('');
}

/** The last resort for a route that has no summary anywhere: "Orders: pick list (read)". */
function summaryFromPath(method: string, docPath: string): string {
  const parts = docPath
    .replace(/^\/api\//, '')
    .split('/')
    .filter((p) => p && !p.startsWith('{'));
  const [area = 'API', ...rest] = parts.map((p) => p.replace(/-/g, ' '));
  const verb = { GET: 'read', POST: 'create or run', PUT: 'replace', PATCH: 'change', DELETE: 'delete' }[method] ?? method;
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}${rest.length ? `: ${rest.join(' ')}` : ''} (${verb})`;
}

type Json = Record<string, unknown>;

/**
 * Whole-document touches: paths without a trailing slash (routes registered as "/" under a
 * prefix), request and answer examples of the main calls, and OpenAPI 3.0's way of saying "or null" on a
 * union (zod emits `nullable` beside `anyOf`, which 3.0 tools reject without a `type`).
 */
export const tidyDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const doc = documentObject.openapiObject as Json;
  const paths: Json = {};
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    const key = documentPath(path);
    paths[key] = { ...(paths[key] as Json | undefined), ...(item as Json) };
  }
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      const key = `${method.toUpperCase()} ${path}`;
      const request = at(operation, 'requestBody', 'content', 'application/json');
      if (REQUEST_EXAMPLES[key] !== undefined && request) request.example = REQUEST_EXAMPLES[key];
      const answer = at(operation, 'responses', '200', 'content', 'application/json');
      if (RESPONSE_EXAMPLES[key] !== undefined && answer) answer.example = RESPONSE_EXAMPLES[key];
    }
  }
  fixNullableUnions(paths);
  return { ...doc, paths } as ReturnType<SwaggerTransformObject>;
};

/** node[k1][k2]…, when every step is an object. */
function at(node: unknown, ...keys: string[]): Json | undefined {
  let current = node;
  for (const key of keys) current = current && typeof current === 'object' ? (current as Json)[key] : undefined;
  return current && typeof current === 'object' ? (current as Json) : undefined;
}

function fixNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullableUnions(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(union)) {
    delete schema.nullable;
    union.push({ type: 'string', nullable: true, enum: [null] });
  }
  for (const value of Object.values(schema)) fixNullableUnions(value);
}
