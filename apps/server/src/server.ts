import { loadConfig } from './platform/config';
import { openDatabase } from './platform/database';
import { systemClock } from './platform/clock';
import { buildApp } from './app';
import { prepareDatabase, prepareMedia } from './setup';
import { DEMO_ACCOUNTS } from './modules/identity/seed';

/** Starts the whole service: migrate, seed, serve; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl, config.dataDir);
  const deps = { config, db, clock: systemClock };
  const applied = await prepareDatabase(deps);
  if (applied.length > 0) console.log(`Base de datos (${db.dialect}): ${applied.length} migraciones aplicadas.`);
  await prepareMedia(config);
  const app = await buildApp(deps);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  console.log(`\nPantalla está lista en ${url}\n\nCuentas de demostración:`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(24)} contraseña ${a.password.padEnd(12)} ${a.description}`);
  if (config.env !== 'production' && !config.smtpUrl) console.log(`\nCorreo saliente (sin SMTP): ${url}/dev/mail`);
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
