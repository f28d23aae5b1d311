// `npm test`: every suite, in order, stopping at the first red one.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['format (Prettier)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  // Every package installed as declared: nothing missing, invalid or extraneous.
  ['dependencies (npm ls)', 'npm', ['ls']],
  ['typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']],
  ['unit and database tests (SQLite, PostgreSQL or PGlite)', 'npx', ['vitest', 'run']],
  ['browser prerequisites', 'node', ['scripts/ensure-chromium.mjs']],
  ['build the web app and the compiled server', 'npm', ['run', 'build']],
  ['build holds no source maps', 'node', ['scripts/check-build.mjs']],
  // Skips, saying why, without PostgreSQL at 127.0.0.1:5432 or nginx.
  [
    'cluster: three processes on one PostgreSQL behind nginx',
    'npx',
    ['vitest', 'run', '--config', 'vitest.cluster.config.ts'],
  ],
  ['browser specs (Chromium)', 'npm', ['test', '-w', 'e2e']],
  // Every benchmark, short: its figures in the output; a figure past its goal is printed as
  // such and fails nothing (a busy machine), a benchmark that cannot run fails the run.
  ['benchmarks (quick)', 'npm', ['run', 'bench'], { BENCH_QUICK: '1' }],
];

const only = process.argv.slice(2);
for (const [name, cmd, args, env] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
