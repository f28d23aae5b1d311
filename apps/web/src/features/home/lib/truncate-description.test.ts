import { describe, expect, it } from 'vitest';
import { CAROUSEL_DESCRIPTION_MAX, truncateCarouselDescription } from './truncate-description';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 10}`).join(' ');

describe('truncateCarouselDescription (160 characters)', () => {
  it('keeps text of up to 160 characters whole', () => {
    expect(truncateCarouselDescription('')).toBe('');
    expect(truncateCarouselDescription('Corto.')).toBe('Corto.');
    const exact = 'a'.repeat(CAROUSEL_DESCRIPTION_MAX);
    expect(truncateCarouselDescription(exact)).toBe(exact);
  });

  it('trims surrounding spaces before measuring', () => {
    const text = `  ${'b'.repeat(160)}  `;
    expect(truncateCarouselDescription(text)).toBe('b'.repeat(160));
  });

  it('cuts at the last period within 160 characters when it lies after position 32', () => {
    const first = `${'x'.repeat(40)}.`; // period at index 40
    const text = `${first} ${'y'.repeat(200)}`;
    expect(truncateCarouselDescription(text)).toBe(first);
    const two = `${'a'.repeat(50)}. ${'b'.repeat(50)}. ${'c'.repeat(100)}`;
    expect(truncateCarouselDescription(two)).toBe(`${'a'.repeat(50)}. ${'b'.repeat(50)}.`);
  });

  it('ignores a period beyond character 160', () => {
    const text = `${'a'.repeat(100)}, ${'b'.repeat(100)}. fin`;
    expect(truncateCarouselDescription(text)).toBe(`${'a'.repeat(100)}...`);
  });

  it('treats a period at position 32 or before as no period', () => {
    const at32 = `${'a'.repeat(32)}.${' palabra'.repeat(30)}`;
    expect(at32.indexOf('.')).toBe(32);
    const cut = truncateCarouselDescription(at32);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.startsWith(`${'a'.repeat(32)}.`)).toBe(true);
    const at33 = `${'a'.repeat(33)}.${' palabra'.repeat(30)}`;
    expect(truncateCarouselDescription(at33)).toBe(`${'a'.repeat(33)}.`);
  });

  it('otherwise cuts at the last comma, replaced by ...', () => {
    const text = `${'a'.repeat(10)}. ${'b'.repeat(60)}, ${'c'.repeat(40)}, ${'d'.repeat(100)}`;
    expect(truncateCarouselDescription(text)).toBe(`${'a'.repeat(10)}. ${'b'.repeat(60)}, ${'c'.repeat(40)}...`);
  });

  it('otherwise cuts at the last space, followed by ...', () => {
    const text = words(80); // "w0 w1 ..." 3 chars per word
    const cut = truncateCarouselDescription(text);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(CAROUSEL_DESCRIPTION_MAX + 3);
    expect(text.startsWith(cut.slice(0, -3))).toBe(true);
    expect(cut.slice(0, -3).endsWith(' ')).toBe(false);
  });

  it('cuts a text without period, comma or space hard at 160', () => {
    expect(truncateCarouselDescription('z'.repeat(300))).toBe(`${'z'.repeat(160)}...`);
  });

  it('never returns more than 160 characters of the source', () => {
    for (let n = 0; n < 400; n += 7) {
      const text = `${'Una frase de prueba, con coma. '.repeat(20)}`.slice(0, n);
      const cut = truncateCarouselDescription(text);
      const body =
        cut.endsWith('...') && !text.trim().endsWith('...') && text.trim().length > 160 ? cut.slice(0, -3) : cut;
      expect(body.length).toBeLessThanOrEqual(CAROUSEL_DESCRIPTION_MAX);
      expect(text.trim().startsWith(body)).toBe(true);
    }
  });
});
