import v8 from 'node:v8';
import { ConfigError } from './platform/config';
import { closeWithin, startServer } from './serve';

/** How long a signal's close may take before the process exits anyway. */
const CLOSE_TIMEOUT_MS = 10_000;
/** How far past what a collection kept a heap may grow before the next: 50 %. */
const HEAP_GROWING_PERCENT = 50;

/**
 * `npm start` (the demo) and `npm run start:prod` (compiled): serve until SIGINT/SIGTERM, then
 * close within CLOSE_TIMEOUT_MS; exit 0 when everything closed, 1 when a close failed or hung
 * (or a second signal came first).
 */
async function main(): Promise<void> {
  // V8 lets a heap grow to up to four times what a collection kept; the server's thread and
  // its import threads each did, and during a 10,000-channel import they held 230 MB of
  // garbage between them. Half again what is kept, in this process and its threads, costs
  // no measurable time (issue 31, item 9: 753 to 689 MB at the import's peak).
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
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
