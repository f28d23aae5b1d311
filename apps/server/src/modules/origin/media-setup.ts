import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_CLIPS, deriveContentKeys, prepareDemoMedia, type ClipSpec, type MediaProgress } from '@pantalla/media';
import type { MediaConfig } from '../../platform/config';

/** Trailers are their own short clips under their own keys, so a trailer licence unlocks no programme. */
export const TRAILER_SECONDS = 20;

/** The trailer clip made for a content clip key ('clip-3' → 'trailer-3'). */
export const trailerClipKey = (clipKey: string): string => clipKey.replace(/^clip-/, 'trailer-');

const ORDINALS = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis', 'Siete', 'Ocho'];

/** The trailer clip specs: the content clips' looks, another title. */
export const TRAILER_CLIPS: readonly ClipSpec[] = DEMO_CLIPS.map((clip, i) => ({
  ...clip,
  key: trailerClipKey(clip.key),
  title: `Tráiler ${ORDINALS[i] ?? String(i + 1)}`,
}));

/** Every clip key the origin serves, with its content key id derivation name. */
export const ALL_CLIP_KEYS: readonly string[] = [...DEMO_CLIPS, ...TRAILER_CLIPS].map((c) => c.key);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A directory lock across processes (two servers or test workers starting at once). */
async function withLock<T>(dir: string, onWait: () => void, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dir, '.prepare.lock');
  let warned = false;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => 'NaN'));
      if (Number.isInteger(pid) && !alive(pid)) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      if (!warned) onWait();
      warned = true;
      await sleep(500);
    }
  }
  try {
    await writeFile(path.join(lock, 'pid'), String(process.pid));
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** What ensureDemoMedia reports to a display. */
export interface MediaSetupProgress extends MediaProgress {
  part: 'contenidos' | 'tráileres';
}

/**
 * Packages the demo clips (60 s, looped by the origin) and the trailers (20 s) into
 * MEDIA_DIR unless already there; idempotent and safe when several processes start at once.
 */
export async function ensureDemoMedia(
  cfg: MediaConfig,
  onProgress: (p: MediaSetupProgress) => void = () => {},
  onWait: () => void = () => {},
): Promise<{ made: number; kept: number; elapsedMs: number }> {
  await mkdir(cfg.mediaDir, { recursive: true });
  const keys = deriveContentKeys(cfg.keySecret, ALL_CLIP_KEYS);
  return withLock(cfg.mediaDir, onWait, async () => {
    const started = Date.now();
    const content = await prepareDemoMedia({
      outDir: cfg.mediaDir,
      keys,
      clips: DEMO_CLIPS,
      onProgress: (p) => onProgress({ ...p, part: 'contenidos' }),
    });
    const trailers = await prepareDemoMedia({
      outDir: cfg.mediaDir,
      keys,
      clips: TRAILER_CLIPS,
      durationSeconds: TRAILER_SECONDS,
      onProgress: (p) => onProgress({ ...p, part: 'tráileres' }),
    });
    const all = [...content.clips, ...trailers.clips];
    const made = all.filter((c) => !c.skipped).length;
    return { made, kept: all.length - made, elapsedMs: Date.now() - started };
  });
}

/** A one-line progress bar for the terminal (redrawn) or a log (one line per step). */
export function progressPrinter(out: NodeJS.WriteStream = process.stdout): {
  update: (p: MediaSetupProgress) => void;
  end: () => void;
} {
  let last = '';
  let lastMessage = '';
  return {
    update(p) {
      const width = 30;
      const filled = Math.round(p.overall * width);
      const line = `Medios (${p.part}) [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(p.overall * 100).toFixed(0).padStart(3)}% ${p.clipIndex + 1}/${p.clipCount} ${p.message}`;
      if (out.isTTY) out.write(`\r${line.padEnd(last.length)}`);
      else if (p.message !== lastMessage) out.write(`${line}\n`);
      last = line;
      lastMessage = p.message;
    },
    end() {
      if (out.isTTY && last) out.write('\n');
    },
  };
}
