// `npm run start:prod`: the production mode. Runs the compiled server (npm run build) with
// NODE_ENV=production; it refuses to start without AUTH_SECRET and MEDIA_KEY_SECRET (at
// least 32 characters each) and never creates the demo accounts (README, "Deploying").
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2] ?? 'server';
const entry = path.join(root, 'apps/server/dist', `${command}.mjs`);
if (!existsSync(entry)) {
  console.error(`No existe ${path.relative(root, entry)}: compila primero con npm run build.`);
  process.exit(1);
}
process.env.NODE_ENV = 'production';
await import(pathToFileURL(entry).href);
