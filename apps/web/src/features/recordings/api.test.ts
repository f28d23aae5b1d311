import { afterEach, describe, expect, it } from 'vitest';
import { currentProfile } from '../../lib/current-profile';
import { recordingKeys } from './api';

const as = (id: number) =>
  currentProfile.set({ email: 'demo@pantalla.test', id, name: `P${id}`, avatar: 'sol', kind: 'adult', token: null });

describe('recording query keys (issue 30)', () => {
  afterEach(() => currentProfile.set(null));

  it('keep each profile’s recordings, rules, reminders and marks apart, and the account’s quota shared', () => {
    as(1);
    const first = [recordingKeys.list('ready'), recordingKeys.rules(), recordingKeys.reminders(), recordingKeys.due()];
    const marks = recordingKeys.marks([7]);
    const quota = recordingKeys.quota();
    as(2);
    for (const [i, key] of [
      recordingKeys.list('ready'),
      recordingKeys.rules(),
      recordingKeys.reminders(),
      recordingKeys.due(),
    ].entries())
      expect(key).not.toEqual(first[i]);
    expect(recordingKeys.marks([7])).not.toEqual(marks);
    expect(recordingKeys.quota()).toEqual(quota);
    // Every key stays under ['recordings']: one invalidation after a change reaches them all.
    for (const key of [...first, marks, quota]) expect(key[0]).toBe('recordings');
  });
});
