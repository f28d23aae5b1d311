import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { composeModules, createPlatform, type Modules } from './compose';
import { demoAccountLines, seedDemo } from './demo/seed';
import { withDemoDefaults } from './demo/config';
import { systemClock, type Clock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/database';
import type { Platform } from './platform/module';
import { prepareDatabase } from './setup';

/** A running server and how to stop it. */
export interface RunningServer {
  app: FastifyInstance;
  platform: Platform;
  modules: Modules;
  url: string;
  close(): Promise<void>;
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
    if (demo) await seedDemo(platform, modules);
    if (config.media.prepare) {
      const media = await modules.origin.prepareDemoMedia({ progress: true, onWait: () => say('Medios: otro proceso los está preparando; esperando…') });
      if (media.made > 0) say(`Medios de demostración preparados en ${config.media.mediaDir} (${(media.elapsedMs / 1000).toFixed(1)} s).`);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const app = await buildApp(platform, modules.all);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
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
      await app.close();
      await db.destroy();
    },
  };
}
