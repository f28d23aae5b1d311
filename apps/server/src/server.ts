import { ConfigError } from './platform/config';
import { startServer } from './serve';

/** `npm start` (the demo) and `npm run start:prod` (compiled): serve until SIGINT/SIGTERM, then close cleanly. */
async function main(): Promise<void> {
  const server = await startServer(process.env);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'closing');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Pantalla no puede arrancar. ${error.message}` : error instanceof Error ? error.message : error);
  process.exit(1);
});
