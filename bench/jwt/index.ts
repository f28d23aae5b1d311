// JWT bench (issue 32, item 6): HS256 tokens signed and verified per second by the server's own
// node:crypto code (platform/jwt.ts) and by `jose`, the library the issue asks us to weigh.
// Tokens are the shapes the server makes: a sign-in token (read on every request) and a
// segment URL's claims (every manifest signs its segment URLs).
import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { readJwt, signJwt } from '../../apps/server/src/platform/jwt';

const SECRET = 'bench-secret-of-a-realistic-length-0123456789abcdef';
const KEY = createSecretKey(Buffer.from(SECRET));
const DURATION_MS = Number(process.env.BENCH_JWT_MS ?? (process.env.BENCH_QUICK === '1' ? 300 : 2_000));

const idClaims = { sub: 123456, email: 'lucia@pantalla.test', ver: 3, iat: 1_800_000_000, exp: 1_800_003_600 };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Operations a second: `op` run back to back for DURATION_MS (after a short warm-up). */
async function perSecond(op: () => unknown): Promise<number> {
  for (let i = 0; i < 2_000; i++) await op();
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < DURATION_MS) {
    for (let i = 0; i < 500; i++) await op();
    count += 500;
  }
  return count / ((performance.now() - started) / 1000);
}

// jose types `sub` as a string; the bytes signed are the same claims.
const joseSign = () =>
  new SignJWT(idClaims as unknown as JWTPayload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(KEY);

export async function runJwtBench(): Promise<void> {
  const ownToken = signJwt(SECRET, idClaims);
  const joseToken = await joseSign();
  const figures = {
    'sign, node:crypto (sync)': await perSecond(() => signJwt(SECRET, idClaims)),
    'sign, jose (async)': await perSecond(joseSign),
    'verify, node:crypto (sync)': await perSecond(() => {
      if (!readJwt(SECRET, ownToken, isObject).ok) throw new Error('own token refused');
    }),
    'verify, jose (async)': await perSecond(() =>
      jwtVerify(joseToken, KEY, { algorithms: ['HS256'], currentDate: new Date(1_800_000_000_000) }),
    ),
  };
  for (const [name, rate] of Object.entries(figures))
    console.log(
      `${name.padEnd(28)} ${Math.round(rate).toLocaleString('en').padStart(10)} /s  ${(1e6 / rate).toFixed(1)} µs each`,
    );
  const signRatio = figures['sign, node:crypto (sync)'] / figures['sign, jose (async)'];
  const verifyRatio = figures['verify, node:crypto (sync)'] / figures['verify, jose (async)'];
  console.log(`node:crypto over jose: sign ×${signRatio.toFixed(1)}, verify ×${verifyRatio.toFixed(1)}`);
}
