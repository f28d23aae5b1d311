import { ConfigError } from './platform/config';
import { closeWithin, startServer } from './serve';

/** How long a signal's close may take before the process exits anyway. */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * `npm start` (the demo) and `npm run start:prod` (compiled): serve until SIGINT/SIGTERM, then
 * close within CLOSE_TIMEOUT_MS; exit 0 when everything closed, 1 when a close failed or hung
 * (or a second signal came first).
 */
async function main(): Promise<void> {
  const server = await startServer(process.env);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    server.app.log.info({ signal }, 'closing');
    const result = await closeWithin(() => server.close(), CLOSE_TIMEOUT_MS);
    if (result.outcome === 'failed') server.app.log.error({ err: result.error }, 'close failed');
    if (result.outcome === 'timed-out') server.app.log.error({ timeoutMs: CLOSE_TIMEOUT_MS }, 'close timed out');
    process.exit(result.outcome === 'closed' ? 0 : 1);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? `Pantalla no puede arrancar. ${error.message}`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
});
