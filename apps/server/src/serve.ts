import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { composeModules, createPlatform, type Modules } from './compose';
import { demoAccountLines, seedDemo } from './demo/seed';
import { withDemoDefaults } from './demo/config';
import { systemClock, type Clock } from './platform/clock';
import { loadConfig, type Config } from './platform/config';
import { openDatabase } from './platform/database';
import type { Platform, ServerModule } from './platform/module';
import { prepareDatabase } from './setup';

/** A running server and how to stop it. */
export interface RunningServer {
  app: FastifyInstance;
  platform: Platform;
  modules: Modules;
  url: string;
  close(): Promise<void>;
}

/** Where this process answers itself (the sandbox's API, its webhook). */
export function selfUrl(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' || host === 'localhost' || host === '';
  return `http://${local ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** How long a module's work may take to stop before the operator is told which one still runs. */
export const SLOW_STOP_MS = 15_000;

/**
 * Starts every module's background work; the result stops it all, waiting for work under way.
 * Work still stopping after `SLOW_STOP_MS` is named through `warn`, so a stop that hangs says where.
 */
export function startModuleWork(
  modules: readonly ServerModule[],
  url: string,
  warn: (line: string) => void = () => undefined,
  wait: (ms: number) => Promise<void> = (ms) => delay(ms, undefined, { ref: false }),
): () => Promise<void> {
  const works = modules.flatMap((m) => (m.startWork ? [{ name: m.name, stop: m.startWork(url) }] : []));
  return async () => {
    const stopping = new Set(works.map((w) => w.name));
    let done = false;
    void wait(SLOW_STOP_MS).then(() => {
      if (!done && stopping.size > 0)
        warn(`Trabajo de fondo que sigue parándose tras ${SLOW_STOP_MS / 1000} s: ${[...stopping].join(', ')}`);
    });
    try {
      await Promise.all(
        works.map(async ({ name, stop }) => {
          await stop();
          stopping.delete(name);
        }),
      );
    } finally {
      done = true;
    }
  };
}

/** Migrations, the other processes' changes, the demo's accounts and media: all before serving. */
async function prepare(
  platform: Platform,
  modules: Modules,
  demo: boolean,
  say: (line: string) => void,
): Promise<void> {
  const applied = await prepareDatabase(platform, modules.all);
  if (applied.length > 0) say(`Base de datos (${platform.db.dialect}): ${applied.length} migraciones aplicadas.`);
  // Serve only once the other processes' changes reach this one.
  await platform.bus.ready;
  if (demo) await seedDemo(platform, modules);
  if (platform.config.media.prepare) {
    const media = await modules.origin.prepareDemoMedia({
      progress: true,
      onWait: () => say('Medios: otro proceso los está preparando; esperando…'),
    });
    if (media.made > 0)
      say(
        `Medios de demostración preparados en ${platform.config.media.mediaDir} (${(media.elapsedMs / 1000).toFixed(1)} s).`,
      );
  }
}

function greet(config: Config, port: number, say: (line: string) => void): void {
  const demo = config.env !== 'production';
  say(`\nPantalla está lista en ${config.publicUrl}${config.port === 0 ? ` (puerto ${port})` : ''}\n`);
  if (!demo) return;
  say('Cuentas de demostración:');
  for (const line of demoAccountLines()) say(line);
  if (!config.smtpUrl) say(`\nCorreo saliente (sin SMTP): ${config.publicUrl}/dev/mail`);
  say('');
}

/**
 * Starts the service from an environment. The demo (any NODE_ENV but production) also
 * seeds the demo accounts and catalogue and packages the demo media; production migrates,
 * makes sure of the reference data and serves, nothing more (docs/decisions.md, "Two modes").
 * Whatever fails on the way (a migration, the app, a taken port) leaves nothing open behind.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  clock: Clock = systemClock,
  say: (line: string) => void = console.log,
): Promise<RunningServer> {
  const config = loadConfig(withDemoDefaults(env));
  const db = openDatabase(config.databaseUrl, config.dataDir);
  const platform = createPlatform(config, db, clock);
  const modules = composeModules(platform);
  let app: FastifyInstance | null = null;
  try {
    await prepare(platform, modules, config.env !== 'production', say);
    app = await buildApp(platform, modules.all, { requireOperator: modules.identity.auth.requireAdmin });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db.destroy();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  // Every module's background work, the scheduled guide and list sources among it.
  const stopWork = startModuleWork(modules.all, selfUrl(config.host, port), (line) => platform.log.warn(line));
  greet(config, port, say);
  const running = app;
  return {
    app: running,
    platform,
    modules,
    url,
    async close() {
      // Each step runs even when one before it failed: the database is always let go.
      const errors: unknown[] = [];
      for (const step of [stopWork, async () => void (await running.close()), () => db.destroy()])
        await step().catch((error: unknown) => errors.push(error));
      if (errors.length > 0) throw errors[0];
    },
  };
}

/** How a close ended: done, failed, or still running when its time was up. */
export type CloseOutcome = { outcome: 'closed' } | { outcome: 'failed'; error: unknown } | { outcome: 'timed-out' };

/**
 * Runs a close, but no longer than `timeoutMs`: a hung connection or query must not keep a
 * stopping process alive forever. `wait` is the timer (tests pass their own).
 */
export async function closeWithin(
  close: () => Promise<void>,
  timeoutMs: number,
  wait: (ms: number) => Promise<void> = (ms) => delay(ms, undefined, { ref: false }),
): Promise<CloseOutcome> {
  const closed = close().then(
    (): CloseOutcome => ({ outcome: 'closed' }),
    (error: unknown): CloseOutcome => ({ outcome: 'failed', error }),
  );
  return Promise.race([closed, wait(timeoutMs).then((): CloseOutcome => ({ outcome: 'timed-out' }))]);
}
