// `npm run start:prod`: the production mode. Runs the compiled server (npm run build) with
// NODE_ENV=production; it refuses to start without AUTH_SECRET and MEDIA_KEY_SECRET (at
// least 32 characters each) and never creates the demo accounts (README, "Deploying").
// `node scripts/start-prod.mjs ingest xmltv guide.xml.gz` runs another command of dist/ the same way.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'server', ...args] = process.argv.slice(2);
const entry = path.join(root, 'apps/server/dist', `${command}.mjs`);
if (!existsSync(entry)) {
  console.error(`No existe ${path.relative(root, entry)}: compila primero con npm run build.`);
  process.exit(1);
}
// A process of its own: the server's environment (server-env.mjs) is read when a process starts.
const child = spawn(process.execPath, [entry, ...args], {
  stdio: 'inherit',
  env: serverEnv({ ...process.env, NODE_ENV: 'production' }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
