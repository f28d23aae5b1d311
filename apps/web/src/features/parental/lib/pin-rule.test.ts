import { describe, expect, it } from 'vitest';
import {
  ADULT_GENRE_ID,
  createEntryStore,
  hidesAdultItems,
  isAdultItem,
  needsAdultPin,
  PIN_REASK_SECONDS,
} from './pin-rule';

const T0 = 1_800_000_000_000;

describe('needsAdultPin', () => {
  const base = { hasPin: true, authenticatedHere: false, lastEntryAt: null, now: T0 };

  it('never asks a user without a PIN', () => {
    expect(needsAdultPin({ ...base, hasPin: false })).toBe(false);
    expect(needsAdultPin({ ...base, hasPin: false, lastEntryAt: T0 - 10 * PIN_REASK_SECONDS * 1000 })).toBe(false);
  });

  it('asks on the first entry', () => {
    expect(needsAdultPin(base)).toBe(true);
  });

  it('does not ask again on the page where the PIN was typed', () => {
    expect(needsAdultPin({ ...base, authenticatedHere: true, lastEntryAt: T0 - 5_000_000 })).toBe(false);
  });

  it('asks again only once more than 900 s have passed', () => {
    const clock = (seconds: number) => ({ ...base, lastEntryAt: T0, now: T0 + seconds * 1000 });
    expect(PIN_REASK_SECONDS).toBe(900);
    expect(needsAdultPin(clock(0))).toBe(false);
    expect(needsAdultPin(clock(899))).toBe(false);
    expect(needsAdultPin(clock(900))).toBe(false);
    expect(needsAdultPin(clock(900.001))).toBe(true);
    expect(needsAdultPin(clock(901))).toBe(true);
  });

  it('asks when the stored entry lies in the future (clock moved back)', () => {
    expect(needsAdultPin({ ...base, lastEntryAt: T0 + 60_000 })).toBe(true);
  });
});

describe('createEntryStore', () => {
  it('round-trips through storage', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    const store = createEntryStore(storage);
    expect(store.read()).toBeNull();
    store.write(T0);
    expect(createEntryStore(storage).read()).toBe(T0);
  });

  it('falls back to memory when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const store = createEntryStore(storage);
    store.write(T0);
    expect(store.read()).toBe(T0);
  });
});

describe('adult items outside the adult section (issue 17)', () => {
  it('knows an adult item by its rating, its genre or its channel flag', () => {
    expect(isAdultItem({ parental: 7, genres: [] })).toBe(true);
    expect(isAdultItem({ parental: 2, genres: [101, ADULT_GENRE_ID] })).toBe(true);
    expect(isAdultItem({ parental: 2, genres: [{ id: ADULT_GENRE_ID }] })).toBe(true);
    expect(isAdultItem({ parental: 2, adult: true })).toBe(true);
    expect(isAdultItem({ parental: 2, genres: [101, { id: 100 }], adult: false })).toBe(false);
  });

  it('hides them for a user with a PIN and no fresh grant, shows them within 900 s of the PIN', () => {
    const now = 10_000_000;
    expect(hidesAdultItems({ hasPin: true, lastEntryAt: null, now })).toBe(true);
    expect(hidesAdultItems({ hasPin: true, lastEntryAt: now - (PIN_REASK_SECONDS + 1) * 1000, now })).toBe(true);
    expect(hidesAdultItems({ hasPin: true, lastEntryAt: now - 60_000, now })).toBe(false);
    expect(hidesAdultItems({ hasPin: false, lastEntryAt: null, now })).toBe(false);
  });
});
