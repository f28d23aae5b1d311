import { describe, expect, it } from 'vitest';
import { buildSubtitleCues, buildWebVtt, formatVttTimestamp } from './subtitles';

describe('formatVttTimestamp', () => {
  it('formats hours, minutes, seconds and milliseconds', () => {
    expect(formatVttTimestamp(0)).toBe('00:00:00.000');
    expect(formatVttTimestamp(59.9)).toBe('00:00:59.900');
    expect(formatVttTimestamp(3723.004)).toBe('01:02:03.004');
    expect(() => formatVttTimestamp(-1)).toThrow(RangeError);
  });
});

describe('buildSubtitleCues', () => {
  const cues = buildSubtitleCues('Pantalla Uno', 60);

  it('keeps every cue inside the clip so none straddles the loop', () => {
    expect(cues).toHaveLength(12);
    expect(cues.every((c) => c.startSeconds >= 0 && c.endSeconds <= 60 && c.endSeconds > c.startSeconds)).toBe(true);
  });

  it('writes Spanish text naming the clip', () => {
    expect(cues[0]?.text).toBe('Pantalla Uno: subtítulos en español (segundo 0).');
    expect(cues[1]?.text).toContain('señal');
  });
});

describe('buildWebVtt', () => {
  it('serialises a WebVTT document', () => {
    const vtt = buildWebVtt([
      { startSeconds: 0.5, endSeconds: 4, text: 'Hola' },
      { startSeconds: 5.5, endSeconds: 9, text: 'Adiós' },
    ]);
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:00.500 --> 00:00:04.000\nHola\n\n2\n00:00:05.500 --> 00:00:09.000\nAdiós\n');
  });
});
