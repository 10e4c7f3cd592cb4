import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import { documentPath, operationIdFor } from './openapi-quality';
import { REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from './openapi-summaries';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses?: Record<string, { content: Record<string, { example?: unknown }> }>;
};

describe('the OpenAPI document', () => {
  let app: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    app = await buildTestApp();
    paths = (app.swagger() as unknown as { paths: typeof paths }).paths;
  });
  afterAll(async () => app.closeAll());

  it('gives every operation a unique operationId, a summary, tags and its security', () => {
    const ids = new Set<string>();
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
      expect(ids.has(op.operationId as string), `${where}: duplicate operationId`).toBe(false);
      ids.add(op.operationId as string);
      expect(op.summary?.length, where).toBeGreaterThan(5);
      expect(op.tags?.length, where).toBeGreaterThan(0);
      expect(Array.isArray(op.security), where).toBe(true);
    }
  });

  it('says which calls need the bearer token, by the route access convention', () => {
    expect(paths['/api/products/{id}']?.get?.security).toEqual([]);
    expect(paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(paths['/api/products/mine']?.get?.security).toEqual([{ bearer: [] }]);
    expect(paths['/api/admin/users']?.get?.security).toEqual([{ bearer: [] }]);
    expect(paths['/api/admin/users']?.get?.summary).toBe('List users, filtered by type, status and search text');
  });

  it('lists only the API: no web app catch-all, pages, robots or sitemap, and no trailing slashes', () => {
    for (const path of Object.keys(paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      expect(path.endsWith('/'), path).toBe(false);
    }
    expect(paths['/api/products']?.post).toBeDefined();
  });

  it('carries examples for the main calls', () => {
    expect(paths['/api/auth/login']?.post?.requestBody?.content['application/json']?.example).toEqual({
      email: 'sam@example.com',
      password: 'correct horse battery',
    });
    expect(paths['/api/products']?.post?.requestBody?.content['application/json']?.example).toMatchObject({
      name: 'Farm Fresh Eggs',
    });
    // Every example written lands on its operation (a renamed route would silently drop it).
    for (const [key, example] of Object.entries(REQUEST_EXAMPLES)) {
      const [method = '', path = ''] = key.split(' ');
      expect(paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.example, key).toEqual(example);
    }
    for (const [key, example] of Object.entries(RESPONSE_EXAMPLES)) {
      const [method = '', path = ''] = key.split(' ');
      expect(paths[path]?.[method.toLowerCase()]?.responses?.['200']?.content['application/json']?.example, key).toEqual(example);
    }
    expect(Object.keys(RESPONSE_EXAMPLES)).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'GET /api/products/{id}', 'GET /api/search/products']),
    );
    for (const key of [
      'POST /api/orders',
      'POST /api/producers',
      'PUT /api/products/{id}',
      'POST /api/messages/conversations/{id}/messages',
    ])
      expect(REQUEST_EXAMPLES, key).toHaveProperty([key]);
  });

  it('derives operation ids and paths from the route', () => {
    expect(operationIdFor('GET', '/api/messages/conversations/{id}/messages')).toBe('getMessagesConversationsByIdMessages');
    expect(operationIdFor('POST', '/api/stripe/create-payment-intent')).toBe('postStripeCreatePaymentIntent');
    expect(documentPath('/api/products/:id/')).toBe('/api/products/{id}');
  });
});
