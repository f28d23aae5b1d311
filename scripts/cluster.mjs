// @ts-check
// `npm run cluster`: N compiled server processes (default 3) on one PostgreSQL database
// behind nginx, whose proxy cache stands in for a CDN in front of the media origin
// (README, "Deploying"). Also the library the cluster suite and `npm run bench -- cluster` use.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/server.mjs');
export const SEED_ENTRY = path.join(root, 'apps/server/dist/demo-seed.mjs');
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** How long a process may take to say it is ready (migrations included). */
const START_TIMEOUT_MS = 120_000;

/**
 * The nginx configuration of a cluster: one upstream of the processes, a failed process
 * taken out of it at once, and /media behind a proxy cache that keeps what the origin
 * marks public (segments, init segments, thumbnail sheets, trailers) and never what it
 * marks private (signed manifests, whose URLs are per session anyway). Signed segment URLs
 * (`/media/a/{sid}.{exp}.{sig}/s/…`) are checked here with `secure_link`, as a CDN would, and
 * cached once per file whatever the session (the key is the part from `/s/` on).
 * @param {{ dir: string, port: number, upstreams: number[], segmentSecret: string, cacheSize?: string }} o
 */
export function nginxConfig({ dir, port, upstreams, segmentSecret, cacheSize = '1g' }) {
  // The secret goes into the file as a literal: only characters nginx takes as they are.
  if (!/^[A-Za-z0-9_.~+/=-]{32,}$/.test(segmentSecret))
    throw new Error('segmentSecret: 32 or more characters of A-Z a-z 0-9 _ . ~ + / = -');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=media:16m max_size=${cacheSize} inactive=1h use_temp_path=off;

  upstream pantalla {
${servers}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # A process that refuses or drops the connection: the request goes to the next one
    # (a POST only when it never reached the dead process).
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;

    location / {
      proxy_pass http://pantalla;
    }

    # A stream session's segments, init segments and thumbnail sheets: the token is checked here,
    # without the database (docs/decisions.md, "Segments need a right that expires"): the MD5 of
    # "{exp}.{sid} {secret}" in base64url, and the expiry. A bad or expired token never reaches
    # the origin; a good one is cached by the file alone, shared by every session. The origin
    # checks the token again, and whether the session is still open, on each miss.
    location ~ "^/media/a/(?<seg_sid>[A-Za-z0-9_-]{1,64})\\.(?<seg_exp>[0-9]{1,12})\\.(?<seg_sig>[A-Za-z0-9_-]{22})(?<seg_file>/s/.+)$" {
      secure_link $seg_sig,$seg_exp;
      secure_link_md5 "$seg_exp.$seg_sid ${segmentSecret}";
      # "": wrong signature; "0": expired.
      if ($secure_link = "") { return 403; }
      if ($secure_link = "0") { return 403; }
      proxy_pass http://pantalla;
      proxy_cache media;
      proxy_cache_key $seg_file;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      add_header X-Cache-Status $upstream_cache_status always;
    }
    # Anything else under the signed prefix is not a token.
    location /media/a/ {
      return 403;
    }

    location /media/ {
      proxy_pass http://pantalla;
      proxy_cache media;
      # The whole URL with its query: a signed URL is one session's.
      proxy_cache_key $request_uri;
      # Concurrent misses of one segment wait for one fetch instead of each asking the origin.
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_cache_revalidate on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

/** Waits for `check` to hold, polling; gives up after `withinMs`. */
async function until(check, withinMs, what) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Whether nginx is there to run. */
export function nginxAvailable() {
  return existsSync(NGINX) && spawnSync(NGINX, ['-v']).status === 0;
}

/**
 * One server process: started, its output kept, ready once it listens.
 * @param {number} port
 * @param {NodeJS.ProcessEnv} env
 */
export function startProcess(port, env) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: '',
    /** @type {number | null} */
    exitCode: null,
    exited: /** @type {Promise<void>} */ (
      new Promise((resolve) =>
        child.once('exit', (code, signal) => {
          handle.exitCode = code ?? (signal ? 128 : 1);
          resolve();
        }),
      )
    ),
    /** @param {NodeJS.Signals} signal */
    kill: (signal) => child.kill(signal),
    /** Resolves once the process listens (rejects if it exits first). */
    ready: /** @type {Promise<void>} */ (Promise.resolve()),
  };
  const keep = (chunk) => {
    handle.output = (handle.output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  handle.ready = Promise.race([
    until(() => answers(`${handle.url}/healthz`), START_TIMEOUT_MS, `the server on port ${port}`),
    handle.exited.then(() => {
      throw new Error(`The server on port ${port} exited (${handle.exitCode}):\n${handle.output}`);
    }),
  ]);
  return handle;
}

/** Stops a process: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
async function stopProcess(p, graceMs = 10_000) {
  if (p.exitCode !== null) return;
  p.kill('SIGTERM');
  const timer = setTimeout(() => p.kill('SIGKILL'), graceMs);
  await p.exited;
  clearTimeout(timer);
}

/**
 * The shared settings of every process: production mode, one database, one pair of secrets,
 * one media directory, the proxy's address as the public one.
 * @param {{ databaseUrl: string, proxyUrl: string, dataDir: string, env?: NodeJS.ProcessEnv }} o
 */
export function clusterEnv({ databaseUrl, proxyUrl, dataDir, env = process.env }) {
  const mediaDir = env.MEDIA_DIR ?? path.join(root, 'data/media');
  return {
    PATH: env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    AUTH_SECRET: env.AUTH_SECRET ?? randomBytes(48).toString('base64url'),
    // The media directory's keys derive from this secret: the demo's own when it made them.
    MEDIA_KEY_SECRET:
      env.MEDIA_KEY_SECRET ??
      readSecretFile(path.join(mediaDir, '.key-secret')) ??
      randomBytes(48).toString('base64url'),
    PUBLIC_URL: proxyUrl,
    // Signs segment URLs; nginx in front checks them with it (secure_link).
    SEGMENT_URL_SECRET: env.SEGMENT_URL_SECRET ?? randomBytes(32).toString('base64url'),
    // nginx on this machine is the one proxy in front, by its address (never a hop count or
    // 'true', which the server refuses): login limits see the client's address.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    ...(env.ADMIN_EMAILS ? { ADMIN_EMAILS: env.ADMIN_EMAILS } : {}),
  };
}

function readSecretFile(file) {
  try {
    const value = readFileSync(file, 'utf8').trim();
    return value.length >= 32 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The demo accounts, catalogue and media in the cluster's database, once, before the processes start.
 * @param {NodeJS.ProcessEnv} env
 */
export function seedDemo(env) {
  const result = spawnSync(process.execPath, [SEED_ENTRY], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`demo-seed failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * nginx as a process of our own: its own prefix, configuration, pid, logs and cache under `dir`.
 * @param {string} dir
 * @param {number} port
 * @param {number[]} upstreams
 * @param {string} segmentSecret the processes' SEGMENT_URL_SECRET
 */
export async function startNginx(dir, port, upstreams, segmentSecret) {
  // nginx makes its temp and cache folders itself, owned by its worker's user (started as
  // root, the workers run as nobody): the folders above them only need to be traversable.
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, port, upstreams, segmentSecret }));
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  await until(() => gone || answers(`http://127.0.0.1:${port}/healthz`), 30_000, 'nginx');
  if (gone) throw new Error(`nginx did not start: ${errors}`);
  return {
    url: `http://127.0.0.1:${port}`,
    conf,
    pid: child.pid ?? 0,
    async stop() {
      if (gone) return;
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts `processes` server processes at once on ports port+1.., then nginx on `port`.
 * @param {{ databaseUrl: string, port: number, processes?: number, demo?: boolean, env?: NodeJS.ProcessEnv, say?: (line: string) => void }} o
 */
export async function startCluster({
  databaseUrl,
  port,
  processes = 3,
  demo = false,
  env = process.env,
  say = () => {},
}) {
  if (!existsSync(SERVER_ENTRY))
    throw new Error('No existe apps/server/dist/server.mjs: compila primero con npm run build.');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-cluster-'));
  chmodSync(dir, 0o755);
  const proxyUrl = `http://127.0.0.1:${port}`;
  const shared = clusterEnv({ databaseUrl, proxyUrl, dataDir: path.join(dir, 'data'), env });
  if (demo) say(seedDemo(shared));
  const ports = Array.from({ length: processes }, (_, i) => port + 1 + i);
  const servers = ports.map((p) => startProcess(p, shared));
  /** @type {Awaited<ReturnType<typeof startNginx>> | undefined} */
  let nginx;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(servers.map((s) => stopProcess(s)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(servers.map((s) => s.ready));
    nginx = await startNginx(path.join(dir, 'nginx'), port, ports, shared.SEGMENT_URL_SECRET);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: proxyUrl, dir, env: shared, servers, nginx, stop };
}

/** `npm run cluster -- [--processes N] [--port P] [--demo]` */
async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const processes = Number(option('--processes', process.env.CLUSTER_PROCESSES ?? '3'));
  const port = Number(option('--port', process.env.PORT ?? '8080'));
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('El clúster necesita PostgreSQL: define DATABASE_URL=postgres://usuario@servidor:5432/base.');
    process.exit(1);
  }
  if (!nginxAvailable()) {
    console.error(`No se encuentra nginx en ${NGINX}: instálalo (sudo apt-get install -y nginx) o indica NGINX_BIN.`);
    process.exit(1);
  }
  const cluster = await startCluster({
    databaseUrl,
    port,
    processes,
    demo: args.includes('--demo'),
    say: (line) => console.log(line),
  });
  console.log(`\nPantalla (${processes} procesos tras nginx) está lista en ${cluster.url}`);
  for (const s of cluster.servers) console.log(`  proceso ${s.pid} en ${s.url}`);
  console.log(`  nginx ${cluster.nginx.pid}: ${cluster.nginx.conf}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
