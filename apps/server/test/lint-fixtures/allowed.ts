// lint-as: apps/server/src/modules/playback/fixture.service.ts
// expect: nothing
import type { Accounts } from '../identity';
import type { Playables } from '../catalogue/index';
import { badRequest } from '../../platform/errors';

/** Through other modules' index.ts and the platform: what a service may import. */
export async function check(accounts: Accounts, playables: Playables, userId: number): Promise<void> {
  if (!(await accounts.find(userId)) || !(await playables.channel(1))) throw badRequest('no');
}
