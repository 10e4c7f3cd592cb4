import Fastify from 'fastify';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../../apps/server/src/plugins/security-headers';

/**
 * The bare Fastify hello-world of issue 9: the ceiling every search figure is compared with, run in
 * its own process on the same cores as the real server. `tsx hello-world-server.ts <port> [bytes]`.
 *
 * `/page` is a second reference (decision 320): a fixed JSON answer of `bytes` (default 11,000, a
 * product search page) with the app's security headers, and no work at all. What it reaches is
 * what moving a search page's bytes alone allows on this machine, whatever the search costs.
 */
const port = Number(process.argv[2] ?? 3298);
const pageBytes = Number(process.argv[3] ?? 11_000);
const page = fixedPage(pageBytes);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/page', (request, reply) => {
  reply
    .headers(SECURITY_HEADERS)
    .header('content-security-policy', contentSecurityPolicy(request.headers.host))
    .type('application/json; charset=utf-8')
    .send(page);
});
app.listen({ port, host: '127.0.0.1' }).then(() => console.log(`hello-world on ${port}`));

/** A product-page-like JSON string of about `bytes` bytes (ASCII, so bytes = characters). */
function fixedPage(bytes: number): string {
  const row = JSON.stringify({ id: 1, name: 'Raw Wildflower Honey', description: 'x'.repeat(400), price: '12.00' });
  const rows: string[] = [];
  while (rows.join(',').length + row.length < bytes - 40) rows.push(row);
  const body = `{"products":[${rows.join(',')}],"total":12345}`;
  return body + ' '.repeat(Math.max(0, bytes - body.length));
}
