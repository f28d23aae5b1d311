import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, type Config } from '../../platform/config';
import { generateVapidKeys, vapidKeysMatch, type VapidKeys } from './web-push';

const FILE = 'web-push-vapid.json';
const storedSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * The VAPID pair: from the environment; else, outside production, one made once in DATA_DIR (so
 * restarts keep browsers' subscriptions valid; 'wx': processes starting together agree on the
 * first written); else null, push not offered.
 */
export function loadVapidKeys(config: Pick<Config, 'env' | 'dataDir' | 'webPush'>): VapidKeys | null {
  const { publicKey, privateKey, subject } = config.webPush;
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey || !vapidKeysMatch(publicKey, privateKey))
      throw new ConfigError(
        'WEB_PUSH_PUBLIC_KEY y WEB_PUSH_PRIVATE_KEY van juntas y deben ser un par P-256 en base64url (npx web-push generate-vapid-keys).',
      );
    return { publicKey, privateKey, subject };
  }
  if (config.env === 'production') return null;
  const file = path.join(config.dataDir, FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = storedSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  if (!vapidKeysMatch(stored.publicKey, stored.privateKey))
    throw new ConfigError(`${file}: el par VAPID no es válido.`);
  return { ...stored, subject };
}
