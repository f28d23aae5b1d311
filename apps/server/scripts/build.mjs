// @ts-check
// `npm run build -w apps/server`: the compiled server for production. esbuild bundles our
// TypeScript (the server and the @pantalla/* workspace packages, which export sources) into
// plain ESM under dist/; every npm dependency stays an import, resolved from node_modules at
// run time, so nothing needs a TypeScript loader. No source maps.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The entry points: the server, the two commands and the threads an import parses and writes in, and guide blocks are read in. */
export const ENTRIES = {
  server: 'src/server.ts',
  'catalogue-import-thread': 'src/modules/catalogue/import-thread.ts',
  'catalogue-block-reader-thread': 'src/modules/catalogue/block-reader-thread.ts',
  'ingest-thread': 'src/modules/ingest/ingest-thread.ts',
  ingest: 'src/commands/ingest.ts',
  'demo-seed': 'src/commands/demo-seed.ts',
};

/** Bundles the entries into `outdir` (default apps/server/dist) as .mjs files. */
export async function buildServer(outdir = path.join(serverDir, 'dist')) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: serverDir,
    entryPoints: ENTRIES,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          // Bare specifiers are npm packages (and node: builtins): left to Node, except our workspace packages.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@pantalla/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outdir;
}

// `node scripts/build.mjs [outdir]`: the tests build into a folder of their own.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`Servidor compilado en ${path.relative(process.cwd(), outdir) || outdir}`);
}
