import { detached } from './errors';
import type { ProgrammeDraft, Report } from './xmltv-fields';
import type { ChannelSpan, GuideProgramme } from './xmltv-types';

interface ChannelState {
  /** The last programme read, held until the next one settles its end. */
  held: ProgrammeDraft | null;
  /** Counts the programmes held, so the aging queue can tell whether its entry is still held. */
  heldSeq: number;
  /** End of the last programme given out. */
  lastStop: number;
  span: ChannelSpan | null;
  /** Programmes read after a later one of their channel: placed when the file ends. */
  late: ProgrammeDraft[] | null;
}

/** How long the last programme of a channel lasts when nothing says when it ends. */
export const DEFAULT_LAST_PROGRAMME_MS = 4 * 3_600_000;

/**
 * Settles each programme's end against the next one on its channel, holding back one
 * programme per channel (memory bounded by the channel count, not the file):
 * - no stop: it ends when the next one starts, else after its <length>, else after the
 *   default length (stopFrom 'default': its end is not known);
 * - a stop past the next start: trimmed to it (corrected, reported);
 * - two at one start: a clump (clumpidx n/N) is merged into one ('News; Weather'), any
 *   other pair keeps the one with a stop, else the later one (the other skipped, reported);
 * - one that starts before the previous one on its channel: kept aside and placed in time
 *   order when the file ends (only channels listed out of order pay for it in memory).
 */
export class GuideSchedule {
  private readonly channels = new Map<string, ChannelState>();
  /** Held programmes in the order they were read, with the file position they were read at. */
  private young: { state: ChannelState; seq: number; at: number }[] = [];
  private youngHead = 0;
  /** Programmes whose end was cut to the next one's start. */
  trimmed = 0;
  /** Programmes given out. */
  count = 0;

  constructor(
    private readonly report: Report,
    private readonly out: (programme: GuideProgramme) => void,
    private readonly lastProgrammeMs = DEFAULT_LAST_PROGRAMME_MS,
  ) {}

  add(p: ProgrammeDraft): void {
    let state = this.channels.get(p.channel);
    if (!state) {
      state = { held: null, heldSeq: 0, lastStop: -Infinity, span: null, late: null };
      this.channels.set(detached(p.channel), state);
    }
    const h = state.held;
    if (!h) {
      this.hold(state, p);
    } else if (p.start > h.start) {
      if (h.stop === null) this.emit(state, h, p.start, 'next');
      else if (h.stop > p.start) {
        this.trimmed++;
        this.report(
          h.line,
          'programme-overlap',
          'corrected',
          `el programa termina después de que empiece el siguiente (línea ${p.line}); se recorta.`,
        );
        this.emit(state, h, p.start, 'stop');
      } else this.emit(state, h, h.stop, 'stop');
      this.hold(state, p);
    } else if (p.start === h.start) {
      if (h.clump && p.clump) mergeClump(h, p);
      else if (h.stop !== null && p.stop === null) this.sameStart(p, h);
      else {
        this.sameStart(h, p);
        this.hold(state, p);
      }
    } else if (p.start >= state.lastStop && (p.stop ?? p.start + (p.lengthMs ?? Infinity)) <= h.start) {
      // Fits the gap between what was given out and the held one: placed at once.
      this.emit(state, p, ...this.lastEnd(p));
    } else {
      (state.late ??= []).push(p);
    }
  }

  private sameStart(dropped: ProgrammeDraft, kept: ProgrammeDraft): void {
    this.report(
      dropped.line,
      'programme-same-start',
      'skipped',
      `el programa empieza a la vez que el de la línea ${kept.line}; se conserva el de la línea ${kept.line}.`,
    );
  }

  /**
   * Copies the programmes still held long after they were read (at `position` in the file,
   * in characters) out of the parsed text, so the text they were cut from can be freed:
   * the last programme of each channel may wait for the end of the file.
   */
  age(position: number, keep: number): void {
    const young = this.young;
    let i = this.youngHead;
    for (; i < young.length; i++) {
      const entry = young[i] as (typeof young)[number];
      if (entry.at > position - keep) break;
      const { state } = entry;
      if (state.held && state.heldSeq === entry.seq) state.held = structuredClone(state.held);
    }
    this.youngHead = i;
    if (i > 4096 && i * 2 > young.length) {
      this.young = young.slice(i);
      this.youngHead = 0;
    }
  }

  /** Where the reader is in the file, in characters: what `age` measures against. */
  position = 0;

  private hold(state: ChannelState, p: ProgrammeDraft): void {
    state.held = p;
    state.heldSeq++;
    this.young.push({ state, seq: state.heldSeq, at: this.position });
  }

  /** Gives out the last programme of every channel, then what came out of order, in order. */
  finish(): void {
    for (const state of this.channels.values()) {
      const h = state.held;
      state.held = null;
      if (h) this.emit(state, h, ...this.lastEnd(h));
      if (state.late) this.placeLate(state, state.late);
      state.late = null;
    }
  }

  private lastEnd(p: ProgrammeDraft): [number, GuideProgramme['stopFrom']] {
    if (p.stop !== null) return [p.stop, 'stop'];
    if (p.lengthMs) return [p.start + p.lengthMs, 'length'];
    return [p.start + this.lastProgrammeMs, 'default'];
  }

  /**
   * Programmes listed after a later one of their channel, sorted and settled against each
   * other and against the ones given out: one that would overlap those is skipped (reported).
   */
  private placeLate(state: ChannelState, late: ProgrammeDraft[]): void {
    late.sort((a, b) => a.start - b.start || (a.stop === null ? 1 : 0) - (b.stop === null ? 1 : 0));
    const placed = state.span ? { ...state.span } : null;
    const kept: ProgrammeDraft[] = [];
    for (const p of late) {
      const prev = kept[kept.length - 1];
      if (prev && p.start === prev.start) this.sameStart(p, prev);
      else kept.push(p);
    }
    kept.forEach((p, i) => {
      const next = kept[i + 1]?.start ?? (placed && p.start < placed.from ? placed.from : Infinity);
      let [end, from] = this.lastEnd(p);
      if (next < end) [end, from] = [next, p.stop === null && p.lengthMs === null ? 'next' : 'stop'];
      const overlaps = placed !== null && p.start < placed.to && end > placed.from;
      if (overlaps)
        this.report(
          p.line,
          'programme-out-of-order',
          'skipped',
          'el programa empieza antes que el anterior de su canal y se solapa con los ya leídos; se omite.',
        );
      else this.emit(state, p, end, from);
    });
  }

  /** Where each channel's programmes lie: first start, last end, how many. */
  spans(): Map<string, ChannelSpan> {
    const out = new Map<string, ChannelSpan>();
    for (const [id, state] of this.channels) if (state.span) out.set(id, state.span);
    return out;
  }

  private emit(state: ChannelState, p: ProgrammeDraft, stop: number, stopFrom: GuideProgramme['stopFrom']): void {
    this.out(finished(p, stop, stopFrom));
    this.count++;
    if (stop > state.lastStop) state.lastStop = stop;
    if (!state.span) state.span = { from: p.start, to: stop, count: 1 };
    else {
      if (p.start < state.span.from) state.span.from = p.start;
      if (stop > state.span.to) state.span.to = stop;
      state.span.count++;
    }
  }
}

/** The programme given out: the draft itself, its end settled. */
function finished(p: ProgrammeDraft, stop: number, stopFrom: GuideProgramme['stopFrom']): GuideProgramme {
  p.stop = stop;
  p.stopFrom = stopFrom;
  return p as GuideProgramme;
}

/** The DTD's clump ('News; Weather' in one slot): one programme, titles joined, gaps filled. */
function mergeClump(into: ProgrammeDraft, next: ProgrammeDraft): void {
  into.title = `${into.title}; ${next.title}`;
  into.subTitle ||= next.subTitle;
  into.desc = into.desc && next.desc ? `${into.desc} ${next.desc}` : into.desc || next.desc;
  if (next.stop !== null && (into.stop === null || next.stop > into.stop)) into.stop = next.stop;
  for (const c of next.categories) if (!into.categories.includes(c)) into.categories.push(c);
  into.genre ??= next.genre;
  into.icon ??= next.icon;
  into.credits.push(...next.credits);
}
