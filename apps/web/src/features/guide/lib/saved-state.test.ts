import { describe, expect, it } from 'vitest';
import { readSavedGuide, writeSavedGuide, type KeyValueStore } from './saved-state';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('saved guide state', () => {
  it('round-trips page, selection and time', () => {
    const store = memory();
    const value = { page: 3, firstRow: 22, selected: { channelId: 2, programmeId: 99, start: 1000 }, time: 5000 };
    writeSavedGuide(value, store);
    expect(readSavedGuide(store)).toEqual(value);
  });
  it('reads nothing from missing, malformed or foreign values', () => {
    const store = memory();
    expect(readSavedGuide(store)).toBeNull();
    store.data.set('pantalla.guide', '{nope');
    expect(readSavedGuide(store)).toBeNull();
    store.data.set('pantalla.guide', JSON.stringify({ page: 0, firstRow: 0, selected: null, time: null }));
    expect(readSavedGuide(store)).toBeNull();
    expect(readSavedGuide(null)).toBeNull();
  });
});
