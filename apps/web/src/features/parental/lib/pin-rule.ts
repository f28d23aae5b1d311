/** Spec: the adult section asks for the PIN again once 900 s have passed since the last entry. */
export const PIN_REASK_SECONDS = 900;
/** Spec: genre 162 is the adult section. */
export const ADULT_GENRE_ID = 162;

export interface PinRuleInput {
  /** The user has a parental PIN set (basico@ has none, and is never asked). */
  hasPin: boolean;
  /** The PIN was typed on this visit of the page. */
  authenticatedHere: boolean;
  /** When the PIN last opened the section (epoch ms), or null. */
  lastEntryAt: number | null;
  now: number;
}

/**
 * Spec section 4: the section 162 gate is shown only when the user has a PIN, has not
 * authenticated on this page and the last entry was over 900 seconds ago.
 */
export function needsAdultPin({ hasPin, authenticatedHere, lastEntryAt, now }: PinRuleInput): boolean {
  if (!hasPin || authenticatedHere) return false;
  if (lastEntryAt === null || lastEntryAt > now) return true;
  return now - lastEntryAt > PIN_REASK_SECONDS * 1000;
}

/** The instant of the last PIN entry, kept for the tab (a timestamp, nothing secret). */
export interface EntryStore {
  read(): number | null;
  write(at: number): void;
}

const ENTRY_KEY = 'pantalla.adultEntryAt';

export function createEntryStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null): EntryStore {
  let memory: number | null = null;
  return {
    read() {
      try {
        const value = Number(storage?.getItem(ENTRY_KEY) ?? Number.NaN);
        return Number.isFinite(value) ? value : memory;
      } catch {
        return memory;
      }
    },
    write(at) {
      memory = at;
      try {
        storage?.setItem(ENTRY_KEY, String(at));
      } catch {
        // Blocked storage: the in-memory copy still spares a re-ask on this load.
      }
    },
  };
}

/** Spec: rating 7 is adult; so is anything in genre 162 and the adult section's channels. */
export const ADULT_RATING = 7;

export function isAdultItem(item: {
  parental?: number;
  adult?: boolean;
  genres?: readonly (number | { id: number })[];
}): boolean {
  if (item.adult === true || item.parental === ADULT_RATING) return true;
  return (item.genres ?? []).some((g) => (typeof g === 'number' ? g : g.id) === ADULT_GENRE_ID);
}

/**
 * Rows outside the adult section ('Ahora en directo', 'Últimos programas emitidos'…) leave
 * adult items out while the section would ask for the PIN (docs/decisions.md, issue 17):
 * a user with a PIN sees them only within 900 s of typing it; a user without a PIN is
 * never asked, as in the section itself.
 */
export function hidesAdultItems(input: Omit<PinRuleInput, 'authenticatedHere'>): boolean {
  return needsAdultPin({ ...input, authenticatedHere: false });
}
