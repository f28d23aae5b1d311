// Starts the real server on a free port with a private data folder and the private build.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from './build';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startServer({ webDist, dataDir }: { webDist: string; dataDir: string }): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
    {
      cwd: repoRoot,
      // The demo mode: its accounts and media, served as production serves them (but for source
      // maps, which the build does not make). Production would need secrets and a demo seed.
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${port}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('The server did not start within 300 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
