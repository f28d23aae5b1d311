/** Spanish WebVTT subtitles for a demo clip (pure text generation). */

/** One subtitle cue, times in seconds from the start of the clip. */
export interface SubtitleCue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** Formats seconds as a WebVTT timestamp (hh:mm:ss.ttt). */
export function formatVttTimestamp(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`bad timestamp ${seconds}`);
  const millis = Math.round(seconds * 1000);
  const h = Math.floor(millis / 3_600_000);
  const m = Math.floor((millis % 3_600_000) / 60_000);
  const s = Math.floor((millis % 60_000) / 1000);
  const ms = millis % 1000;
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(ms, 3)}`;
}

/**
 * Cues every `everySeconds` (3.5 s long, starting 0.5 s in) wholly inside the clip, so a cue
 * never straddles the loop point; accents and ñ exercise UTF-8 end to end.
 */
export function buildSubtitleCues(title: string, durationSeconds: number, everySeconds = 5): SubtitleCue[] {
  const lines = [
    (s: number) => `${title}: subtítulos en español (segundo ${s}).`,
    (s: number) => `La señal de prueba se repite cada minuto; vamos por el segundo ${s}.`,
    (s: number) => `Cambie el audio entre español e inglés en el menú. Segundo ${s}.`,
  ];
  const cues: SubtitleCue[] = [];
  for (let start = 0.5, i = 0; start + 3.5 <= durationSeconds; start += everySeconds, i += 1) {
    const line = lines[i % lines.length] as (s: number) => string;
    cues.push({ startSeconds: start, endSeconds: start + 3.5, text: line(Math.floor(start)) });
  }
  return cues;
}

/** Serialises cues as a WebVTT document. */
export function buildWebVtt(cues: readonly SubtitleCue[]): string {
  const blocks = cues.map(
    (cue, i) =>
      `${i + 1}\n${formatVttTimestamp(cue.startSeconds)} --> ${formatVttTimestamp(cue.endSeconds)}\n${cue.text}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
