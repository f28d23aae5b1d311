// @ts-check
// After `vite build`: a brotli (.br) and a gzip (.gz) twin of every text file of dist/, so
// the server sends them as they are (@fastify/static preCompressed) with no work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(m?js|css|html|svg|json|webmanifest|txt|xml)$/i;
/** Below this a compressed answer saves nothing worth a second file. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (TEXT.test(entry)) compress(full);
  }
}
function compress(file) {
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) return;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += br.length;
}
walk(dist);
console.log(
  `Comprimidos ${files} ficheros de texto: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB en brotli.`,
);
