import { describe, expect, it } from 'vitest';
import { markBatches, minutesUntil, quotaFull, recordButtonState, refusalKey } from './record-state';

describe('record-state', () => {
  it('shows recorded before scheduled, idle without a mark', () => {
    expect(recordButtonState(undefined)).toBe('idle');
    expect(recordButtonState({ recorded: false, scheduled: false, reminder: true })).toBe('idle');
    expect(recordButtonState({ recorded: false, scheduled: true, reminder: false })).toBe('scheduled');
    expect(recordButtonState({ recorded: true, scheduled: true, reminder: false })).toBe('recorded');
  });

  it('names every refusal and falls back for other failures', () => {
    expect(refusalKey('quota_full')).toBe('rec.refusal.quota_full');
    expect(refusalKey('external_no_catchup')).toBe('rec.refusal.external_no_catchup');
    expect(refusalKey(null)).toBe('rec.failed');
  });

  it('says the quota is full when used plus scheduled plus the programme pass the limit', () => {
    const quota = { usedSeconds: 3000, scheduledSeconds: 500, limitSeconds: 3600 };
    expect(quotaFull(quota, 100)).toBe(false);
    expect(quotaFull(quota, 101)).toBe(true);
    expect(quotaFull(undefined, 1_000_000)).toBe(false);
  });

  it('rounds minutes until the start up and never below zero', () => {
    expect(minutesUntil(120_000, 0)).toBe(2);
    expect(minutesUntil(61_000, 0)).toBe(2);
    expect(minutesUntil(0, 5000)).toBe(0);
  });

  it('batches ids at most 500 a request, unique and sorted', () => {
    const ids = Array.from({ length: 1001 }, (_, i) => 1001 - i).concat([5, 5]);
    const batches = markBatches(ids);
    expect(batches.map((b) => b.length)).toEqual([500, 500, 1]);
    expect(batches[0]?.[0]).toBe(1);
    expect(markBatches([3, 1, 3], 2)).toEqual([[1, 3]]);
  });
});
