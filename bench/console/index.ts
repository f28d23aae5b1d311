// The console's benchmarks (issue 27), in order: subscriber search over 1,000,000 generated
// accounts, the channel table at 10,000 channels, the audit trail's cost on a mutation.
import { runAuditOverheadBench } from './audit';
import { runChannelTableBench } from './channels';
import { runSubscriberSearchBench } from './search';

/** `npm run bench -- console`: each part prints its figures against its goal. */
export async function runConsoleBench(): Promise<void> {
  console.log('\n### Subscriber search');
  await runSubscriberSearchBench();
  console.log('\n### Channel table');
  await runChannelTableBench();
  console.log('\n### Audit overhead');
  await runAuditOverheadBench();
}
