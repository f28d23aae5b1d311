import type { IngestReport } from '@pantalla/contracts';
import { type ChannelChanges, type ChannelUpsert, type ImportChannel } from '../catalogue';
import { nameKey } from './parsers/m3u-entry';

/** Channels saved per transaction. */
const SAVE_CHUNK = 250;

/** A channel as a file's entries see it: one already stored, or one the file adds. */
export interface PlannedChannel {
  /** The stored channel's id; null until a new one is saved. */
  id: number | null;
  name: string;
  /** Current values, with the file's changes applied so far. */
  values: ChannelChanges & { name: string };
  /** What the file changes on a stored channel. */
  changes: ChannelChanges;
  isNew: boolean;
}

/** What an entry without a tvg-id of its own may be matched by, besides its name. */
export interface NameScope {
  /** The genre of the entry's group: a name matches only a channel in it. Null: any genre. */
  genreId?: number | null;
  /** The entry's stream URLs: a channel with a tvg-id that already plays one of them is this entry's. */
  urls?: readonly string[];
  /** The tvg-ids the file gives: a channel with one of them is that entry's, never a name's. */
  fileIds?: ReadonlySet<string>;
}

/**
 * The channels of one file: matched by tvg-id, then by name, new ones added as later
 * entries may match them too. Each channel is taken by one entry at most, in the file's
 * order, and name candidates are tried oldest first: a second import of the same file
 * meets each channel the first one made, so it changes nothing. A name never takes a
 * channel with a tvg-id (unless it already plays the entry's stream). Everything is saved
 * in one batch at the end.
 */
export class ChannelPlan {
  readonly counts: IngestReport['channels'] = { created: 0, updated: 0, unchanged: 0 };
  /** Channels added or changed since the last batch was taken. */
  private planned = new Set<PlannedChannel>();
  private readonly byTvg = new Map<string, PlannedChannel>();
  /** Per tvg-id without its feed suffix ('France2.fr' for 'France2.fr@SD'), the channels of its feeds. */
  private readonly byFeedBase = new Map<string, PlannedChannel[]>();
  /** Per name key, oldest channel first. */
  private readonly byName = new Map<string, PlannedChannel[]>();
  /** Channels an entry of this file has taken: no other entry's name takes them. */
  private readonly taken = new Set<PlannedChannel>();

  constructor(stored: readonly ImportChannel[]) {
    for (const c of [...stored].sort((a, b) => a.id - b.id)) {
      const entry: PlannedChannel = { id: c.id, name: c.name, values: { ...c }, changes: {}, isNew: false };
      if (c.tvgId) this.setTvg(c.tvgId, entry);
      this.index(entry);
    }
  }

  private setTvg(tvgId: string, entry: PlannedChannel): void {
    this.byTvg.set(tvgId, entry);
    const base = feedBase(tvgId);
    if (base === null) return;
    const feeds = this.byFeedBase.get(base);
    if (!feeds) this.byFeedBase.set(base, [entry]);
    else if (!feeds.includes(entry)) feeds.push(entry);
  }

  /**
   * The channels a guide id without a feed suffix names when no channel has it exactly: a
   * guide's 'France2.fr' is the list's 'France2.fr@SD' and 'France2.fr@HD' (iptv-org's feeds).
   */
  feedsOf(guideId: string): PlannedChannel[] {
    if (this.byTvg.has(guideId) || feedBase(guideId) !== null) return [];
    return this.byFeedBase.get(guideId) ?? [];
  }

  private index(entry: PlannedChannel): void {
    const key = nameKey(entry.name);
    if (!key) return;
    const list = this.byName.get(key);
    if (list) list.push(entry);
    else this.byName.set(key, [entry]);
  }

  match(tvgId: string | null, names: readonly string[], scope: NameScope = {}): PlannedChannel | undefined {
    const byId = tvgId ? this.byTvg.get(tvgId) : undefined;
    if (byId) {
      this.taken.add(byId);
      return byId;
    }
    const urls = !tvgId && scope.urls ? new Set(scope.urls) : null;
    for (const n of names) {
      const key = nameKey(n);
      for (const candidate of (key && this.byName.get(key)) || []) {
        if (this.taken.has(candidate)) continue;
        if (scope.genreId != null && candidate.values.channelGenreId !== scope.genreId) continue;
        const id = candidate.values.tvgId;
        const own = candidate.values.streamUrl != null && urls?.has(candidate.values.streamUrl) === true;
        if (id && (!own || scope.fileIds?.has(id))) continue;
        this.taken.add(candidate);
        return candidate;
      }
    }
    return undefined;
  }

  /** A channel the file adds. */
  add(values: ChannelChanges & { name: string }): PlannedChannel {
    const entry: PlannedChannel = { id: null, name: values.name, values: { ...values }, changes: {}, isNew: true };
    this.planned.add(entry);
    this.taken.add(entry);
    if (values.tvgId) this.setTvg(values.tvgId, entry);
    this.index(entry);
    this.counts.created++;
    return entry;
  }

  /** Applies the fields that differ; counts the channel updated or unchanged. */
  change(entry: PlannedChannel, wanted: ChannelChanges): void {
    const diff: ChannelChanges = {};
    for (const [key, value] of Object.entries(wanted) as [keyof ChannelChanges, unknown][]) {
      if (entry.values[key] !== value) (diff as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(diff).length === 0) {
      this.counts.unchanged++;
      return;
    }
    Object.assign(entry.values, diff);
    if (!entry.isNew) {
      this.planned.add(entry);
      Object.assign(entry.changes, diff);
    }
    if (diff.tvgId) this.setTvg(diff.tvgId, entry);
    this.counts.updated++;
  }

  /**
   * Saves what changed since the last call, in the order the file named the channels, and
   * gives the new ones their ids. A streaming import calls it before each batch of
   * programmes, so every programme's channel exists when the programme is written.
   */
  async save(saveChannels: (batch: ChannelUpsert[]) => Promise<ImportChannel[]>): Promise<void> {
    if (this.planned.size === 0) return;
    const all = [...this.planned];
    this.planned = new Set();
    // A few hundred per transaction: a list of 10,000 channels never holds the database for long.
    for (let at = 0; at < all.length; at += SAVE_CHUNK) {
      const entries = all.slice(at, at + SAVE_CHUNK);
      const rows = await saveChannels(
        entries.map((e) => (e.id === null ? { create: { ...e.values } } : { id: e.id, changes: e.changes })),
      );
      entries.forEach((entry, i) => {
        const row = rows[i];
        if (row) entry.id = row.id;
        entry.isNew = false;
        entry.changes = {};
      });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

/** 'France2.fr' of a feed id 'France2.fr@SD'; null for an id without a feed suffix. */
export function feedBase(tvgId: string): string | null {
  const at = tvgId.lastIndexOf('@');
  return at > 0 && at < tvgId.length - 1 ? tvgId.slice(0, at) : null;
}
