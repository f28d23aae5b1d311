import { describe, expect, it } from 'vitest';
import type { PurchaseStatus } from '@pantalla/contracts';
import { settlePurchase } from './settle-purchase';

/** Answers in turn: a status, or 'lost' for a confirmation whose answer never arrived. */
function server(answers: Array<PurchaseStatus | 'lost'>) {
  let asked = 0;
  return {
    confirm: async () => {
      const answer = answers[Math.min(asked++, answers.length - 1)] ?? 'pending';
      if (answer === 'lost') throw new TypeError('Failed to fetch');
      return answer;
    },
    get asked() {
      return asked;
    },
  };
}

const waits: number[] = [];
const sleep = async (ms: number) => {
  waits.push(ms);
};

describe('settling a purchase after the card field', () => {
  it('is fulfilled at once when the server says so, and is not slow', async () => {
    let slow = 0;
    await expect(settlePurchase({ ...server(['fulfilled']), sleep, onSlow: () => slow++ })).resolves.toBe('fulfilled');
    expect(slow).toBe(0);
  });

  it('shows success when the first answer was lost but the server knows the payment', async () => {
    const s = server(['lost', 'fulfilled']);
    let slow = 0;
    await expect(settlePurchase({ confirm: s.confirm, sleep, onSlow: () => slow++ })).resolves.toBe('fulfilled');
    expect(s.asked).toBe(2);
    expect(slow).toBe(1);
  });

  it('waits longer each time while the server is still confirming, says once that it is slow, then the true result', async () => {
    waits.length = 0;
    let slow = 0;
    await expect(
      settlePurchase({
        ...server(['pending', 'pending', 'lost', 'failed']),
        sleep,
        onSlow: () => slow++,
        delays: [10, 20, 40, 80],
      }),
    ).resolves.toBe('failed');
    expect(waits).toEqual([10, 20, 40]);
    expect(slow).toBe(1);
  });

  it('is bounded: still pending after the last wait', async () => {
    const s = server(['pending']);
    await expect(settlePurchase({ confirm: s.confirm, sleep, delays: [1, 2, 3] })).resolves.toBe('pending');
    expect(s.asked).toBe(4);
  });
});
