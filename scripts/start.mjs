// `npm start`: build the web app when its sources changed, then run the server, which
// migrates, seeds the demo data and serves everything.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { serverEnv } from './server-env.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const web = path.join(root, 'apps/web');
const stampFile = path.join(web, 'dist/.source-hash');

function walk(dir, out) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/** A hash of every file the web build reads, so a second start skips the build. */
function sourceHash() {
  const files = [];
  for (const dir of ['apps/web/src', 'apps/web/public', 'packages/contracts/src']) walk(path.join(root, dir), files);
  for (const f of ['apps/web/index.html', 'apps/web/vite.config.ts', 'package-lock.json'])
    files.push(path.join(root, f));
  const hash = createHash('sha256');
  for (const f of files.sort()) {
    if (!existsSync(f)) continue;
    hash
      .update(f)
      .update(String(statSync(f).size))
      .update(readFileSync(f));
  }
  return hash.digest('hex');
}

const hash = sourceHash();
const built = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
if (!built) {
  console.log('Construyendo la aplicación web…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, hash);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
