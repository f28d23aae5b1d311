/**
 * Spec: a genre page remembers its subgenre filter and AMC side when left, and forgets
 * them when the user goes back. Kept per genre for the tab.
 */
export interface FilterMemory {
  get(genreId: number): number | null;
  set(genreId: number, subgenreId: number | null): void;
  forget(genreId: number): void;
}

const KEY = 'pantalla.genreFilters';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function readAll(storage: StorageLike | null, fallback: Record<string, number>): Record<string, number> {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return { ...fallback };
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'number' && Number.isInteger(v) && v > 0) out[k] = v;
    return out;
  } catch {
    return { ...fallback };
  }
}

export function createFilterMemory(storage: StorageLike | null): FilterMemory {
  let memory: Record<string, number> = {};
  function save(all: Record<string, number>) {
    memory = all;
    try {
      storage?.setItem(KEY, JSON.stringify(all));
    } catch {
      // Blocked storage: memory still remembers for this load.
    }
  }
  return {
    get: (genreId) => readAll(storage, memory)[String(genreId)] ?? null,
    set(genreId, subgenreId) {
      const all = readAll(storage, memory);
      if (subgenreId === null) delete all[String(genreId)];
      else all[String(genreId)] = subgenreId;
      save(all);
    },
    forget(genreId) {
      const all = readAll(storage, memory);
      delete all[String(genreId)];
      save(all);
    },
  };
}

function sessionStore(): StorageLike | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The app's one memory of genre filters. */
export const genreFilterMemory = createFilterMemory(sessionStore());
