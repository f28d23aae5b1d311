/** Where the ffmpeg and shaka-packager binaries and the drawtext font are found. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Resolved lazily so importing the manifest builders never touches the binary packages.
const require = createRequire(import.meta.url);

/** ffmpeg: FFMPEG_PATH when set, else the static binary of @ffmpeg-installer/ffmpeg. */
export function resolveFfmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

const packagerBinaries: Record<string, string> = {
  'linux-x64': 'packager-linux-x64',
  'linux-arm64': 'packager-linux-arm64',
  'darwin-x64': 'packager-osx-x64',
  'darwin-arm64': 'packager-osx-arm64',
  'win32-x64': 'packager-win-x64.exe',
};

/** shaka-packager: PACKAGER_PATH when set, else the binary shipped in the npm package. */
export function resolvePackagerPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PACKAGER_PATH) return env.PACKAGER_PATH;
  const binary = packagerBinaries[`${process.platform}-${process.arch}`];
  if (!binary)
    throw new Error(`shaka-packager has no binary for ${process.platform}-${process.arch}; set PACKAGER_PATH`);
  // The package's main module runs the binary on require, so only its directory is resolved.
  const packageDir = path.dirname(require.resolve('shaka-packager/package.json'));
  return path.join(packageDir, 'bin', binary);
}

const fontCandidates = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', // Debian/Ubuntu fonts-dejavu-core
  '/usr/share/fonts/dejavu/DejaVuSans.ttf', // Fedora/Alpine
  '/usr/share/fonts/TTF/DejaVuSans.ttf', // Arch
  '/System/Library/Fonts/Supplemental/Arial.ttf', // macOS
];

/** A TrueType font for drawtext: MEDIA_FONT_FILE when set, else a known system path, else none. */
export function resolveFontFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.MEDIA_FONT_FILE) return env.MEDIA_FONT_FILE;
  return fontCandidates.find((candidate) => existsSync(candidate));
}
