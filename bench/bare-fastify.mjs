// Bare Fastify answering one JSON body (`node bench/bare-fastify.mjs BODY_FILE`): the yardstick of the
// gateway benchmark, in its own process; prints its port once listening.
import { readFileSync } from 'node:fs';
import fastify from 'fastify';

const body = readFileSync(process.argv[2], 'utf8');
const app = fastify();
app.get('/*', (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(app.server.address().port);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
