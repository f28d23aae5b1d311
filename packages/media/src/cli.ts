/**
 * Manual run: `node --import tsx packages/media/src/cli.ts OUTDIR [--print-keys]`.
 * Keys derive from MEDIA_KEY_SECRET (a fixed development secret when unset, with a warning).
 */
import path from 'node:path';
import { DEMO_CLIPS } from './constants';
import { deriveContentKeys } from './keys';
import { prepareDemoMedia, type MediaProgress } from './prepare';

const DEV_SECRET = 'pantalla-development-media-secret';

function bar(fraction: number, width = 30): string {
  const filled = Math.round(fraction * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outDir = args.find((a) => !a.startsWith('--'));
  if (!outDir) {
    console.error('usage: cli.ts OUTDIR [--print-keys]');
    process.exitCode = 2;
    return;
  }
  const secret = process.env.MEDIA_KEY_SECRET ?? DEV_SECRET;
  if (!process.env.MEDIA_KEY_SECRET) console.warn('MEDIA_KEY_SECRET unset: using the development secret');
  const keys = deriveContentKeys(
    secret,
    DEMO_CLIPS.map((c) => c.key),
  );
  const tty = process.stdout.isTTY;
  let lastLine = '';
  let lastMessage = '';
  const onProgress = (p: MediaProgress): void => {
    const line = `${bar(p.overall)} ${p.clipIndex + 1}/${p.clipCount} ${p.message}`;
    // A terminal redraws one line; a log gets one line per step, not one per encoder tick.
    if (tty) process.stdout.write(`\r${line.padEnd(lastLine.length)}`);
    else if (p.message !== lastMessage) console.log(line);
    lastLine = line;
    lastMessage = p.message;
  };
  const { clips, elapsedMs } = await prepareDemoMedia({ outDir: path.resolve(outDir), keys, onProgress });
  if (tty) process.stdout.write('\n');
  const made = clips.filter((c) => !c.skipped).length;
  console.log(
    `${clips.length} clips in ${path.resolve(outDir)} (${made} made, ${clips.length - made} kept) in ${(elapsedMs / 1000).toFixed(1)} s`,
  );
  if (args.includes('--print-keys')) console.log(JSON.stringify(keys, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
