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
}

/**
 * Settles each programme's end against the next one on its channel, holding back one
 * programme per channel (memory bounded by the channel count, not the file):
 * - no stop: it ends when the next one starts, else after its <length>, else it is skipped;
 * - a stop past the next start: trimmed to it (corrected, reported);
 * - two at one start: a clump (clumpidx n/N) is merged into one ('News; Weather'), any
 *   other pair keeps the later one (reported);
 * - one that starts before the previous one on its channel: given out only if it fits in
 *   the gap before it, else skipped (reported). Guides list each channel in time order.
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
  ) {}

  add(p: ProgrammeDraft): void {
    let state = this.channels.get(p.channel);
    if (!state) {
      state = { held: null, heldSeq: 0, lastStop: -Infinity, span: null };
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
      else {
        this.report(
          h.line,
          'programme-same-start',
          'skipped',
          `el programa empieza a la vez que el de la línea ${p.line}; se conserva el último.`,
        );
        this.hold(state, p);
      }
    } else {
      const end = p.stop ?? (p.lengthMs ? p.start + p.lengthMs : null);
      if (end !== null && p.start >= state.lastStop && end <= h.start)
        this.emit(state, p, end, p.stop !== null ? 'stop' : 'length');
      else
        this.report(
          p.line,
          'programme-out-of-order',
          'skipped',
          `el programa empieza antes que el anterior de su canal (línea ${h.line}); se omite.`,
        );
    }
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

  /** Gives out the last programme of every channel, or skips it when nothing says when it ends. */
  finish(): void {
    for (const state of this.channels.values()) {
      const h = state.held;
      if (!h) continue;
      state.held = null;
      if (h.stop !== null) this.emit(state, h, h.stop, 'stop');
      else if (h.lengthMs) this.emit(state, h, h.start + h.lengthMs, 'length');
      else
        this.report(
          h.line,
          'programme-no-end',
          'skipped',
          'último programa del canal sin hora de fin ni <length>; se omite.',
        );
    }
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
