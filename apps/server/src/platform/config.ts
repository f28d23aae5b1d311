import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, for default paths under data/. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pantalla <no-reply@pantalla.test>'),
  OPERATOR_NAME: z.string().default('Pantalla'),
  PROVIDER_NAME: z.string().default('Pantalla Soporte'),
  OPERATOR_LOGO_HEADER: z.string().optional(),
  OPERATOR_LOGO_PLAYER: z.string().optional(),
  ENDPOINT_IDM: z.string().optional(),
  ENDPOINT_STATIC: z.string().optional(),
  ENDPOINT_MANAGER: z.string().optional(),
  ENDPOINT_SEARCH: z.string().optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  // Which proxies may set X-Forwarded-For: 'false' (none), 'true' (any), a hop count or a list of addresses.
  TRUST_PROXY: z.string().default('false'),
  ADMIN_EMAILS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface OperatorConfig {
  name: string;
  providerName: string;
  /** Logo URLs by skin type: 3002 header/guide/calendar, 3001 player. */
  logos: { type: 3001 | 3002; url: string }[];
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public origin of this server, used in mails and the service locator. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  operator: OperatorConfig;
  endpoints: { idm: string; static: string; manager: string; search: string };
  webDist: string;
  logLevel: string;
  trustProxy: boolean | number | string;
  /**
   * Who may import guides and channel lists (ADMIN_EMAILS, comma-separated). Unset, the demo
   * account outside production (so the demo works out of the box) and nobody in production.
   */
  adminEmails: string[];
}

/** Unless a proxy is trusted, X-Forwarded-For is ignored so the per-address login limit cannot be dodged. */
export function parseTrustProxy(value: string): boolean | number | string {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value.trim();
}

/** The signing secret survives restarts: from AUTH_SECRET, else a file made once under data/. */
function loadSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads and validates the environment; a bad variable stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    authSecret: loadSecret(e.DATA_DIR, e.AUTH_SECRET),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operator: {
      name: e.OPERATOR_NAME,
      providerName: e.PROVIDER_NAME,
      logos: [
        { type: 3002, url: e.OPERATOR_LOGO_HEADER ?? '/api/v1/images/operator/3002.svg' },
        { type: 3001, url: e.OPERATOR_LOGO_PLAYER ?? '/api/v1/images/operator/3001.svg' },
      ],
    },
    endpoints: {
      idm: e.ENDPOINT_IDM ?? `${publicUrl}/api/v1`,
      static: e.ENDPOINT_STATIC ?? `${publicUrl}/api/v1`,
      // The spec's manager calls carry their own path: {manager}/api/v1/backend/tb-user/passwordRecovery.
      manager: e.ENDPOINT_MANAGER ?? publicUrl,
      search: e.ENDPOINT_SEARCH ?? `${publicUrl}/api/v1`,
    },
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    adminEmails:
      e.ADMIN_EMAILS !== undefined ? e.ADMIN_EMAILS.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean)
      : e.NODE_ENV === 'production' ? []
      : ['demo@pantalla.test'],
  };
}
