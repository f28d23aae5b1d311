import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

/**
 * Builds the two bench pages (ours and planby) with Vite in production mode into `outDir`.
 * The pages live here, not in apps/web, so the product bundle never carries planby or the
 * bench harness.
 */
export async function buildPages(outDir: string): Promise<void> {
  const { build } = await import('vite');
  // The React plugin is apps/web's dev dependency; resolve it from there.
  const requireFromWeb = createRequire(path.join(repo, 'apps/web/package.json'));
  const reactPlugin = (await import(requireFromWeb.resolve('@vitejs/plugin-react'))) as { default: () => PluginOption };
  await build({
    configFile: false,
    root: path.join(here, 'page'),
    logLevel: 'warn',
    mode: 'production',
    plugins: [reactPlugin.default()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: {
        input: { ours: path.join(here, 'page/ours.html'), planby: path.join(here, 'page/planby.html') },
      },
      chunkSizeWarningLimit: 2000,
      minify: process.env.BENCH_GUIDE_MINIFY !== '0',
    },
  });
}
