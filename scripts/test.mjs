// `npm test`: every suite, in order, stopping at the first red one.
import { spawn } from 'node:child_process';

/**
 * A step is [name, command, args, env?]; a group runs its steps at once. The static checks are
 * single-threaded: side by side they take the longest one's time on two cores, not their sum.
 */
const steps = [
  // First: without Chromium, say so (or install it as root) before anything long runs.
  ['browser prerequisites', 'node', ['scripts/ensure-chromium.mjs']],
  [
    'static checks',
    [
      ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
      ['format (Prettier)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
      // Every package installed as declared: nothing missing, invalid or extraneous.
      ['dependencies (npm ls)', 'npm', ['ls']],
      ['typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']],
    ],
  ],
  ['unit and database tests (SQLite, PostgreSQL or PGlite)', 'npx', ['vitest', 'run']],
  ['build the web app and the compiled server', 'npm', ['run', 'build']],
  ['build holds no source maps', 'node', ['scripts/check-build.mjs']],
  // Skips, saying why, without PostgreSQL at 127.0.0.1:5432 or nginx.
  [
    'cluster: three processes on one PostgreSQL behind nginx',
    'npx',
    ['vitest', 'run', '--config', 'vitest.cluster.config.ts'],
  ],
  // Side by side: the browser specs wait on pages and leave most of the two cores idle (2 min of
  // CPU in 4), which the benchmarks use. Their lines go through as they come, each with its tag.
  [
    'browser specs and benchmarks',
    [
      ['browser specs (Chromium)', 'npm', ['test', '-w', 'e2e'], {}, { tag: 'e2e' }],
      // Every benchmark, short: its figures in the output; a figure past its goal is printed as
      // such and fails nothing (a busy machine), a benchmark that cannot run fails the run.
      ['benchmarks (quick)', 'npm', ['run', 'bench'], { BENCH_QUICK: '1' }, { tag: 'bench' }],
    ],
  ],
];

/** Writes a stream's lines as they end, each after `[tag] `. */
function tagLines(stream, tag) {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`[${tag}] ${line}\n`);
  });
  stream.on('end', () => partial && process.stdout.write(`[${tag}] ${partial}\n`));
}

/**
 * Runs one command; its output goes straight through, or is kept when `quiet` (printed if it
 * fails), or goes through line by line with a tag when it runs beside others.
 */
function run(cmd, args, env, quiet, tag) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      stdio: quiet || tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const chunks = [];
    if (tag) {
      tagLines(child.stdout, tag);
      tagLines(child.stderr, tag);
    } else if (quiet) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    const done = (status) =>
      resolve({ status, seconds: ((Date.now() - started) / 1000).toFixed(1), output: Buffer.concat(chunks) });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

function report(name, { status, seconds }) {
  if (status !== 0) console.error(`\n✗ ${name} failed (${seconds} s)`);
  else console.log(`✓ ${name} (${seconds} s)`);
  return status === 0;
}

const only = process.argv.slice(2);
const chosen = (name) => only.length === 0 || only.some((o) => name.startsWith(o));

for (const [name, cmd, args, env] of steps) {
  if (Array.isArray(cmd)) {
    const members = cmd.filter(([member]) => chosen(name) || chosen(member));
    if (members.length === 0) continue;
    console.log(`\n=== ${name}: ${members.map(([member]) => member).join(', ')} (side by side) ===`);
    const results = await Promise.all(members.map(([, c, a, e, options]) => run(c, a, e, true, options?.tag)));
    let green = true;
    members.forEach(([member], i) => {
      // A green check's output (npm ls's tree) is noise; a red one's is the reason.
      if (results[i].status !== 0 && results[i].output.length > 0)
        process.stdout.write(`\n--- ${member} ---\n${results[i].output}`);
      green = report(member, results[i]) && green;
    });
    if (!green) process.exit(1);
    continue;
  }
  if (!chosen(name)) continue;
  console.log(`\n=== ${name} ===`);
  const result = await run(cmd, args, env, false);
  if (!report(name, result)) process.exit(result.status);
}
