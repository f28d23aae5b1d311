// Builds the web app into a private folder, so the figures are of the code as it is now
// and no other build of apps/web/dist can change files under a running measurement.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** One build per benchmark run: the sources cannot change under it, and each build costs half a minute. */
let built: string | undefined;

export function buildWeb(outDir: string): void {
  if (!built) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-bench-web-'));
    execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
      cwd: path.join(repoRoot, 'apps/web'),
      stdio: 'inherit',
    });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    built = dir;
  }
  rmSync(outDir, { recursive: true, force: true });
  cpSync(built, outDir, { recursive: true });
}

interface ManifestChunk {
  file: string;
  src?: string;
}

/** The chunks made of the console's modules (features/operator/): the route modules and the code only they import. */
export function consoleChunks(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  for (const chunk of Object.values(manifest))
    if (chunk.src?.startsWith('src/features/operator/')) files.add(path.basename(chunk.file));
  return files;
}

interface ManifestEntry extends ManifestChunk {
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * The chunks only the player's idle-time preload fetches (app/layouts/use-player-preload.ts):
 * the player route, its Shaka adapter and Shaka, less whatever the entry imports itself. On a
 * busy machine the home may take longer than the preload's 3 s to show, and these would be
 * counted as the home's.
 */
export function playerPreloadChunks(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const staticClosure = (keys: string[]) => {
    const seen = new Set<string>();
    const queue = [...keys];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) continue;
      seen.add(key);
      queue.push(...(chunk.imports ?? []));
    }
    return seen;
  };
  const entry = staticClosure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const route = 'src/features/player/routes/player.tsx';
  const adapter = [...staticClosure([route])].filter((key) => /shaka-adapter/.test(manifest[key]?.file ?? ''));
  const shaka = adapter.flatMap((key) => manifest[key]?.dynamicImports ?? []);
  const files = new Set<string>();
  for (const key of [route, ...adapter, ...shaka])
    if (manifest[key] && !entry.has(key)) files.add(path.basename(manifest[key].file));
  return files;
}

export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
}

/** Every JavaScript chunk of a build with its raw and gzip (level 9) size. */
export function chunksOf(outDir: string): Map<string, Chunk> {
  const dir = path.join(outDir, 'assets');
  const chunks = new Map<string, Chunk>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.js')) continue;
    const body = readFileSync(path.join(dir, file));
    chunks.set(file, { file, bytes: statSync(path.join(dir, file)).size, gzip: gzipSync(body, { level: 9 }).length });
  }
  return chunks;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
