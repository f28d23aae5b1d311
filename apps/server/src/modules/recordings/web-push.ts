import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/*
 * Web Push with node:crypto alone: the payload encrypted per RFC 8291 (aes128gcm, RFC 8188) and
 * the request signed per RFC 8292 (VAPID, an ES256 JWT). Keys are base64url as browsers give them.
 */

/** The server's VAPID key pair: the public key uncompressed (65 bytes), the private scalar (32 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push service may reach the operator at. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A record of 4096 bytes holds any reminder; the payload is one record. */
const RECORD_SIZE = 4096;
/** JWTs are valid at most 24 h (RFC 8292 §2); 12 h leaves room for clock skew. */
const JWT_SECONDS = 12 * 3600;

const b64 = (data: Buffer | Uint8Array): string => Buffer.from(data).toString('base64url');
const unb64 = (text: string): Buffer => Buffer.from(text, 'base64url');

/** A fresh VAPID pair (the demo makes one once and keeps it). */
export function generateVapidKeys(): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64(ecdh.getPublicKey()), privateKey: b64(ecdh.getPrivateKey()) };
}

/** Whether a pair is well formed and belongs together. */
export function vapidKeysMatch(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(unb64(privateKey));
    return ecdh.getPublicKey().equals(unb64(publicKey));
  } catch {
    return false;
  }
}

/** The private key as a KeyObject (JWK from the raw scalar and the point's coordinates). */
function signingKey(keys: VapidKeys) {
  const point = unb64(keys.publicKey);
  return createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** The Authorization header of RFC 8292: `vapid t=<ES256 JWT for the endpoint's origin>, k=<public key>`. */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, nowMs: number): string {
  const header = b64(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64(
    Buffer.from(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        exp: Math.floor(nowMs / 1000) + JWT_SECONDS,
        sub: keys.subject,
      }),
    ),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), {
    key: signingKey(keys),
    dsaEncoding: 'ieee-p1363',
  });
  return `vapid t=${header}.${claims}.${b64(signature)}, k=${keys.publicKey}`;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The key and nonce of RFC 8291 §3.3–3.4 from the ECDH secret, both public keys, auth and salt. */
export function contentKeys(
  ecdhSecret: Buffer,
  auth: Buffer,
  uaPublic: Buffer,
  asPublic: Buffer,
  salt: Buffer,
): { key: Buffer; nonce: Buffer } {
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, auth, keyInfo, 32);
  return {
    key: hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/** The aes128gcm body: salt, record size, the server's ephemeral public key, one record. */
export function encryptPayload(payload: Buffer, target: Pick<PushTarget, 'p256dh' | 'auth'>): Buffer {
  if (payload.length + 1 + 16 > RECORD_SIZE) throw new RangeError('push payload too large');
  const uaPublic = unb64(target.p256dh);
  const ecdh = createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  const salt = randomBytes(16);
  const { key, nonce } = contentKeys(ecdh.computeSecret(uaPublic), unb64(target.auth), uaPublic, asPublic, salt);
  const cipher = createCipheriv('aes-128-gcm', key, nonce);
  // 0x02: the last (and only) record's delimiter; no padding.
  const sealed = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final()]);
  const head = Buffer.alloc(21);
  salt.copy(head, 0);
  head.writeUInt32BE(RECORD_SIZE, 16);
  head.writeUInt8(asPublic.length, 20);
  return Buffer.concat([head, asPublic, sealed, cipher.getAuthTag()]);
}

export interface PushOutcome {
  /** The push service's status; 0 when it could not be reached in time. */
  status: number;
}

/**
 * Sends one encrypted message; never throws (a network failure, a refused destination or a
 * timeout is status 0). The socket connects through `lookup`, which refuses internal addresses:
 * the name is checked as it resolves for this connection, not once beforehand. No redirects.
 */
export function sendPush(
  target: PushTarget,
  payload: unknown,
  options: { keys: VapidKeys; nowMs: number; ttlSeconds: number; timeoutMs: number; lookup: LookupFunction },
): Promise<PushOutcome> {
  return new Promise((resolve) => {
    try {
      const body = encryptPayload(Buffer.from(JSON.stringify(payload)), target);
      const client = new URL(target.endpoint).protocol === 'https:' ? https : http;
      const req = client.request(
        target.endpoint,
        {
          method: 'POST',
          headers: {
            Authorization: vapidAuthorization(target.endpoint, options.keys, options.nowMs),
            'Content-Encoding': 'aes128gcm',
            'Content-Type': 'application/octet-stream',
            'Content-Length': String(body.length),
            TTL: String(Math.max(0, Math.floor(options.ttlSeconds))),
            Urgency: 'high',
          },
          lookup: options.lookup,
          signal: AbortSignal.timeout(options.timeoutMs),
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0 });
        },
      );
      req.on('error', () => resolve({ status: 0 }));
      req.end(body);
    } catch {
      resolve({ status: 0 });
    }
  });
}
