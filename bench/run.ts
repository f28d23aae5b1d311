// Runs the benchmarks named on the command line (all when none), each printing its figures.
const names = process.argv.slice(2);
const available: Record<string, () => Promise<void>> = {
  catalogue: () => import('./catalogue/index').then((m) => m.runCatalogueBench()),
  startup: () => import('./startup/index').then((m) => m.runStartupBench()),
  'web-budget': () => import('./web-budget/index').then((m) => m.runWebBudgetBench()),
  guide: () => import('./guide/index').then((m) => m.runGuideBench()),
  playback: () => import('./playback/index').then((m) => m.runPlaybackBench()),
  player: () => import('./player/index').then((m) => m.runPlayerBench()),
  cluster: () => import('./cluster/index').then((m) => m.runClusterBench()),
  ingest: () => import('./ingest/index').then((m) => m.runIngestBench()),
  security: () => import('./security/index').then((m) => m.runSecurityBench()),

  commerce: () => import('./commerce/index').then((m) => m.runCommerceBench()),
  console: () => import('./console/index').then((m) => m.runConsoleBench()),
  qoe: () => import('./qoe/index').then((m) => m.runQoeBench()),
  jwt: () => import('./jwt/index').then((m) => m.runJwtBench()),
  recordings: () => import('./recordings/index').then((m) => m.runRecordingsBench()),
  'guide-search': () => import('./guide-search/index').then((m) => m.runGuideSearchBench()),
};
const chosen = names.length > 0 ? names : Object.keys(available);
for (const name of chosen) {
  const run = available[name];
  if (!run) {
    console.error(`Unknown benchmark "${name}". Available: ${Object.keys(available).join(', ') || 'none yet'}`);
    process.exit(1);
  }
  console.log(`\n## ${name}`);
  // Vite's build API sets NODE_ENV=production in this process: a later benchmark's server
  // would inherit it and refuse to start without production secrets.
  const nodeEnv = process.env.NODE_ENV;
  const started = performance.now();
  await run();
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
// Every figure is printed: a handle a benchmark left open (a pool, a socket) must not keep the run, and CI, waiting.
// A budget of bytes past its ceiling (web-budget) has set a failing exit code; timed goals never do.
process.exit(process.exitCode ?? 0);
