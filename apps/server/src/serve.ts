import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { composeModules, createPlatform, type Modules } from './compose';
import { demoAccountLines, seedDemo } from './demo/seed';
import { withDemoDefaults } from './demo/config';
import { systemClock, type Clock } from './platform/clock';
import { loadConfig } from './platform/config';
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

/** Starts every module's background work; the result stops it all. */
export function startModuleWork(modules: readonly ServerModule[], url: string): () => Promise<void> {
  const stops = modules.flatMap((m) => (m.startWork ? [m.startWork(url)] : []));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * Starts the service from an environment. The demo (any NODE_ENV but production) also
 * seeds the demo accounts and catalogue and packages the demo media; production migrates,
 * makes sure of the reference data and serves, nothing more (docs/decisions.md, "Two modes").
 */
export async function startServer(env: NodeJS.ProcessEnv, clock: Clock = systemClock, say: (line: string) => void = console.log): Promise<RunningServer> {
  const config = loadConfig(withDemoDefaults(env));
  const demo = config.env !== 'production';
  const db = openDatabase(config.databaseUrl, config.dataDir);
  const platform = createPlatform(config, db, clock);
  const modules = composeModules(platform);
  try {
    const applied = await prepareDatabase(platform, modules.all);
    if (applied.length > 0) say(`Base de datos (${db.dialect}): ${applied.length} migraciones aplicadas.`);
    // Serve only once the other processes' changes reach this one.
    await platform.bus.ready;
    if (demo) await seedDemo(platform, modules);
    if (config.media.prepare) {
      const media = await modules.origin.prepareDemoMedia({ progress: true, onWait: () => say('Medios: otro proceso los está preparando; esperando…') });
      if (media.made > 0) say(`Medios de demostración preparados en ${config.media.mediaDir} (${(media.elapsedMs / 1000).toFixed(1)} s).`);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const app = await buildApp(platform, modules.all, { requireOperator: modules.identity.auth.requireAdmin });
  await app.listen({ port: config.port, host: config.host });
  // Scheduled guide and list sources: every process looks, each due source runs in one of them.
  modules.ingest.sources.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  const stopWork = startModuleWork(modules.all, selfUrl(config.host, port));
  say(`\nPantalla está lista en ${config.publicUrl}${config.port === 0 ? ` (puerto ${port})` : ''}\n`);
  if (demo) {
    say('Cuentas de demostración:');
    for (const line of demoAccountLines()) say(line);
    if (!config.smtpUrl) say(`\nCorreo saliente (sin SMTP): ${config.publicUrl}/dev/mail`);
    say('');
  }
  return {
    app,
    platform,
    modules,
    url,
    async close() {
      await modules.ingest.sources.stop();
      await stopWork();
      await app.close();
      await db.destroy();
    },
  };
}
