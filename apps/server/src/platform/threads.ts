import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Starts a worker thread on one of the server's entries: `source`, the TypeScript file, run
 * through tsx (development, tests), or `built`, the file of that name the build puts beside
 * the server's (apps/server/scripts/build.mjs), when this code runs compiled.
 */
export function startThread(
  source: URL,
  built: string,
  options: { workerData: unknown; resourceLimits?: ResourceLimits },
): Worker {
  if (source.protocol === 'file:' && import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    return new Worker(
      `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(source.href)}); })`,
      { ...options, eval: true },
    );
  }
  // esbuild puts this code in the server's file or in a chunk under it.
  const entry = [new URL(`./${built}`, import.meta.url), new URL(`../${built}`, import.meta.url)].find((u) =>
    existsSync(fileURLToPath(u)),
  );
  if (!entry) throw new Error(`${built} is missing from the build`);
  return new Worker(entry, options);
}
