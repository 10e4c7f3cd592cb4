import Fastify from 'fastify';

/**
 * The bare Fastify hello-world of issue 9: the ceiling every search figure is compared with, run in
 * its own process on the same cores as the real server. `tsx hello-world-server.ts <port>`.
 */
const port = Number(process.argv[2] ?? 3298);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port, host: '127.0.0.1' }).then(() => console.log(`hello-world on ${port}`));
