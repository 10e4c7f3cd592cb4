import type { DeclaredRoute } from '../plugins/route-access';
import type { TestApp } from './test-app';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document, with what its route declared about access. */
export type ApiOperation = {
  method: HttpMethod;
  /** OpenAPI spelling: /api/products/{id} */
  path: string;
  declared: DeclaredRoute | undefined;
  hasBody: boolean;
  isMultipart: boolean;
  /** Query parameter names the document lists. */
  query: string[];
  /** Path parameter names, in order. */
  params: string[];
};

type OpenApiOperation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, unknown> };
  consumes?: string[];
};

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every operation the API documents (app.swagger()), matched with the route's declared access. */
export function apiOperations(app: TestApp): ApiOperation[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const byKey = new Map(app.declaredRoutes.map((route) => [routeKey(route.method, route.url), route]));
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = Object.keys(operation.requestBody?.content ?? {});
      operations.push({
        method,
        path,
        declared: byKey.get(routeKey(method, path)),
        hasBody: Boolean(operation.requestBody),
        isMultipart: content.includes('multipart/form-data') || (operation.consumes ?? []).includes('multipart/form-data'),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      });
    }
  }
  return operations;
}

/** /api/products/:id → /api/products/{id}; a prefix root is matched with or without its trailing slash. */
const routeKey = (method: string, url: string): string => `${method} ${url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`;

/** Fills the path parameters of an OpenAPI path. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? values.default ?? '1')));
}
