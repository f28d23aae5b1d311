import { z } from 'zod';
import { skinSchema } from '@pantalla/contracts';

/**
 * The spec's chunked user-info cookie: its presence says there is a session to restore at
 * start (the refresh token itself is httpOnly). Display info only; tokens, hashes and PINs
 * never go here.
 */
export const storedUserInfoSchema = z.strictObject({
  email: z.string(),
  username: z.string(),
  regionId: z.number().int(),
  channelOrder: z.array(z.number().int()),
  skin: skinSchema,
  json_file: z.string(),
});
export type StoredUserInfo = z.infer<typeof storedUserInfoSchema>;

export const USER_INFO_COOKIE = 'pantalla_ui';
/** Spec: 2000-byte chunks, a warning above 4000 bytes, 60 days of life. */
export const CHUNK_SIZE = 2000;
export const WARN_SIZE = 4000;
export const MAX_AGE_SECONDS = 60 * 24 * 60 * 60;
/** Stale chunks past this index are cleared on every write. */
const MAX_CHUNKS = 8;

/** Where cookies are read and written; document.cookie in the browser, a fake in tests. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

const documentJar: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    document.cookie = cookie;
  },
};

function chunkName(index: number): string {
  return `${USER_INFO_COOKIE}.${index}`;
}

function readCookies(jar: CookieJar): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of jar.read().split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    map.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return map;
}

function attributes(maxAge: number | null): string {
  const age = maxAge === null ? '' : `; Max-Age=${maxAge}`;
  return `; Path=/${age}; Secure; SameSite=Strict`;
}

/** Keeps only the allowed display fields, whatever else the caller passes. */
export function pickStoredUserInfo(info: StoredUserInfo): StoredUserInfo {
  const { email, username, regionId, channelOrder, skin, json_file } = info;
  return { email, username, regionId, channelOrder, skin, json_file };
}

/**
 * Writes the display info in 2000-byte chunks. Persistent (60 days) when `persistent`,
 * else a session cookie, like the refresh cookie it accompanies.
 */
export function writeUserInfoCookie(info: StoredUserInfo, options: { persistent: boolean; jar?: CookieJar }): void {
  const jar = options.jar ?? documentJar;
  const value = encodeURIComponent(JSON.stringify(pickStoredUserInfo(info)));
  if (value.length > WARN_SIZE) {
    console.warn(`User info cookie is ${value.length} bytes (over ${WARN_SIZE}); some browsers may drop it.`);
  }
  const count = Math.max(1, Math.ceil(value.length / CHUNK_SIZE));
  const maxAge = options.persistent ? MAX_AGE_SECONDS : null;
  for (let i = 0; i < count; i++) {
    jar.write(`${chunkName(i)}=${value.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE)}${attributes(maxAge)}`);
  }
  for (let i = count; i < MAX_CHUNKS; i++) {
    if (readCookies(jar).has(chunkName(i))) jar.write(`${chunkName(i)}=${attributes(0)}`);
  }
}

/** Reads the chunks back; anything irregular (gaps, bad encoding, wrong shape) reads as none. */
export function readUserInfoCookie(jar: CookieJar = documentJar): StoredUserInfo | null {
  const cookies = readCookies(jar);
  let value = '';
  for (let i = 0; i < MAX_CHUNKS; i++) {
    const chunk = cookies.get(chunkName(i));
    if (chunk === undefined || chunk === '') break;
    value += chunk;
  }
  if (!value) return null;
  try {
    const parsed = storedUserInfoSchema.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Removes every chunk. */
export function clearUserInfoCookie(jar: CookieJar = documentJar): void {
  const cookies = readCookies(jar);
  for (let i = 0; i < MAX_CHUNKS; i++) {
    if (cookies.has(chunkName(i))) jar.write(`${chunkName(i)}=${attributes(0)}`);
  }
}
