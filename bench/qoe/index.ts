// Quality of experience's benchmarks (issue 28), in order: beacons accepted per second with the
// catalogue's latency meanwhile, the 24 h overview at 10,000 channels and 1,000,000 views, the
// player's own cost. BENCH_QUICK=1 shrinks every size (the whole run well under a minute).
import { runIngestBench } from './ingest';
import { runOverviewBench } from './overview';
import { runPlayerCostBench } from './player';

/** `npm run bench -- qoe`: each part prints its figures against its goal; a missed timed goal does not fail. */
export async function runQoeBench(): Promise<void> {
  console.log('\n### Beacons accepted per second (SQLite, one process)');
  await runIngestBench();
  console.log('\n### 24 h overview');
  await runOverviewBench();
  console.log('\n### Player cost');
  runPlayerCostBench();
}
