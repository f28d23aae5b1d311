import { describe, expect, it } from 'vitest';
import { drawArt, escapeXml, fittingFontSize, wrapTitle } from './svg';

describe('generated artwork', () => {
  it('is deterministic per item and distinct between items', () => {
    expect(drawArt('portrait', 'film-1001', 'El invierno en Madrid', '2015')).toBe(
      drawArt('portrait', 'film-1001', 'El invierno en Madrid', '2015'),
    );
    const keys = Array.from({ length: 40 }, (_, i) => `channel-${i}`);
    expect(new Set(keys.map((k) => drawArt('logo', k, 'Canal'))).size).toBe(keys.length);
  });

  it('keeps every decoration inside the rounded logo shape', () => {
    const svg = drawArt('logo', 'channel-7', 'Noticias 24');
    expect(svg).toMatch(/<clipPath id="c"><rect width="240" height="240" rx="28"\/><\/clipPath>/);
    const clipped = /<g clip-path="url\(#c\)">(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    const outside = svg.replace(clipped, '');
    expect(outside).not.toMatch(/<(polygon|circle|line)\b/);
  });

  it('escapes titles and wraps them within the line budget', () => {
    expect(escapeXml('Tom & "Jerry" <3')).toBe('Tom &amp; &quot;Jerry&quot; &lt;3');
    expect(drawArt('landscape', 'x', 'A <b>')).toContain('A &lt;b&gt;');
    expect(wrapTitle('Una película con un título larguísimo que no cabe', 12, 2).length).toBeLessThanOrEqual(2);
  });

  it('shrinks a long single word to fit a logo, and leaves short names at their size', () => {
    const size = (svg: string) => Number(/font-size="(\d+)"/.exec(svg)?.[1]);
    const svg = drawArt('logo', 'genre-1', 'Entretenimiento');
    expect(svg).toContain('>Entretenimiento</text>');
    const long = size(svg);
    expect(long * 0.62 * 'Entretenimiento'.length).toBeLessThanOrEqual(240 * 0.88);
    expect(size(drawArt('logo', 'genre-2', 'Cine'))).toBe(40);
    expect(fittingFontSize(10, 620)).toBe(100);
  });
});
