// A server child process for the load test: the real app on a bench database, or a peer
// answering fixed bytes from memory. Prints its port on stdout.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { composeModules, createPlatform } from '../../apps/server/src/compose';
import { loadConfig } from '../../apps/server/src/platform/config';
import { openDatabase } from '../../apps/server/src/platform/database';
import { systemClock } from '../../apps/server/src/platform/clock';
import { BENCH_SECRET } from './build';

const [mode, arg] = process.argv.slice(2);

if (mode === 'memory') {
  // The same bytes, content type and cache header as the real route, from memory, already
  // encoded: the fastest answer there is for those bytes.
  const bodies = Object.fromEntries(
    Object.entries(JSON.parse(readFileSync(arg as string, 'utf8')) as Record<string, string>).map(([name, body]) => [
      name,
      Buffer.from(body),
    ]),
  );
  const app = Fastify({ logger: false });
  app.get('/mem/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(bodies[name]);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
} else {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: '/tmp',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: BENCH_SECRET,
    MEDIA_KEY_SECRET: BENCH_SECRET,
    DATABASE_URL: arg?.startsWith('postgres') ? arg : `sqlite:${arg}`,
  });
  const db = openDatabase(config.databaseUrl, config.dataDir);
  const platform = createPlatform(config, db, systemClock);
  const app = await buildApp(platform, composeModules(platform).all, { serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
}
