import { createDecipheriv, createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentKeys } from '../src/modules/recordings/testing';

/*
 * A push service on 127.0.0.1 (RFC 8030) that acts as the browser too: it holds the subscription's
 * private keys, so it checks the VAPID JWT (RFC 8292) and decrypts the aes128gcm body (RFC 8291).
 */

export interface ReceivedPush {
  path: string;
  ttl: number;
  /** The decrypted payload, parsed. */
  payload: unknown;
  jwt: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

/** One browser's keys: the P-256 pair and the auth secret, as PushSubscription.toJSON() gives them. */
export interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Decrypts an aes128gcm body of one record with the browser's keys. */
export function decryptPush(body: Buffer, keys: BrowserKeys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const { key, nonce } = contentKeys(
    keys.ecdh.computeSecret(asPublic),
    Buffer.from(keys.auth, 'base64url'),
    keys.ecdh.getPublicKey(),
    asPublic,
    salt,
  );
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // Padding is zeros before the delimiter; 2 ends the last record.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('not the last record');
  return plain.subarray(0, end);
}

/** Checks `vapid t=<jwt>, k=<key>`: the ES256 signature with k, and returns the claims. */
export function checkVapid(header: string | undefined): { jwt: ReceivedPush['jwt']; key: string } {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header ?? ''}`);
  const [, head = '', claims = '', signature = '', key = ''] = m;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`JWT alg ${String(alg)}`);
  return { jwt: JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['jwt'], key };
}

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The local push service: `/send/<name>` delivers to the browser named, answering `status(name)` (201 by default). */
export async function startPushReceiver(): Promise<{
  url: string;
  received: ReceivedPush[];
  /** Registers a browser; its endpoint is `${url}/send/<name>`. */
  browser(name: string): BrowserKeys & { endpoint: string };
  /** What the service answers for a browser from now on (410: the subscription is gone). */
  answer(name: string, status: number): void;
  errors: string[];
  close(): Promise<void>;
}> {
  const browsers = new Map<string, BrowserKeys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const name = (req.url ?? '').replace(/^\/send\//, '');
      const keys = browsers.get(name);
      const status = answers.get(name) ?? 201;
      if (!keys || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (status !== 201) {
        res.writeHead(status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { jwt, key } = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptPush(body, keys).toString('utf8')) as unknown;
        received.push({ path: req.url ?? '', ttl: Number(req.headers.ttl), payload, jwt, vapidKey: key });
        res.writeHead(201).end();
      } catch (error) {
        errors.push(String(error));
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    errors,
    browser(name) {
      const keys = browserKeys();
      browsers.set(name, keys);
      return { ...keys, endpoint: `${url}/send/${name}` };
    },
    answer(name, status) {
      answers.set(name, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
