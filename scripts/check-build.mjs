// Part of `npm test` after the build: production serves no source maps, so the built web
// app and the compiled server hold none (no .map file, no sourceMappingURL comment).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];
function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (entry.endsWith('.map')) problems.push(`${path.relative(root, full)}: a source map`);
    else if (/\.(m?js|css)$/.test(entry) && /[#@] sourceMappingURL=/.test(readFileSync(full, 'utf8')))
      problems.push(`${path.relative(root, full)}: names a source map`);
  }
}
for (const dir of ['apps/web/dist', 'apps/server/dist']) {
  const full = path.join(root, dir);
  if (!existsSync(full)) problems.push(`${dir}: not built`);
  else walk(full);
}
if (problems.length > 0) {
  console.error(`The build must hold no source maps:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('No source maps in apps/web/dist or apps/server/dist.');
