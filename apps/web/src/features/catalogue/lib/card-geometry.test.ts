import { describe, expect, it } from 'vitest';
import {
  CARD_TEXT_MAX,
  SHORT_DESCRIPTION_MAX,
  cardShape,
  clampPage,
  pageCount,
  rankNumber,
  rowGeometry,
  shortenText,
  usableWidth,
  wideCardWidth,
} from './card-geometry';

describe('card geometry', () => {
  it('uses 270 px wide cards up to a 1600 px window, else 350 px', () => {
    expect(wideCardWidth(320)).toBe(270);
    expect(wideCardWidth(1280)).toBe(270);
    expect(wideCardWidth(1600)).toBe(270);
    expect(wideCardWidth(1601)).toBe(350);
    expect(wideCardWidth(1920)).toBe(350);
  });

  it('lets rows fill 88 % of the window', () => {
    expect(usableWidth(1000)).toBe(880);
    expect(usableWidth(1280)).toBe(1126);
    expect(usableWidth(1920)).toBe(1689);
  });

  it('gives modes 1 and 3 159 px posters in 159.5 px slots, mode 2 wide cards', () => {
    expect(cardShape(1)).toBe('poster');
    expect(cardShape(3)).toBe('poster');
    expect(cardShape(2)).toBe('wide');
    const poster = rowGeometry(1, 1280);
    expect(poster.cardWidth).toBe(159);
    expect(poster.slotWidth).toBe(159.5 + 12);
    expect(poster.perPage).toBe(Math.floor((1126 + 12) / 171.5));
    const wide = rowGeometry(2, 1920);
    expect(wide.cardWidth).toBe(350);
    expect(wide.perPage).toBe(Math.floor((1689 + 12) / 362));
    expect(rowGeometry(2, 200).perPage).toBe(1);
  });

  it('pages a row and clamps out-of-range pages', () => {
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(14, 6)).toBe(3);
    expect(pageCount(12, 6)).toBe(2);
    expect(clampPage(-1, 14, 6)).toBe(0);
    expect(clampPage(5, 14, 6)).toBe(2);
    expect(clampPage(1, 14, 6)).toBe(1);
  });

  it('ranks positions under 10 in mode 3 only', () => {
    expect(rankNumber(3, 0)).toBe(1);
    expect(rankNumber(3, 9)).toBe(10);
    expect(rankNumber(3, 10)).toBeNull();
    expect(rankNumber(1, 0)).toBeNull();
    expect(rankNumber(2, 3)).toBeNull();
  });

  it('shortens card text to 85 characters at a word boundary', () => {
    expect(shortenText('Corto', CARD_TEXT_MAX)).toBe('Corto');
    const long = 'palabra '.repeat(30);
    const cut = shortenText(long, CARD_TEXT_MAX);
    expect(cut.length).toBeLessThanOrEqual(CARD_TEXT_MAX);
    expect(cut.endsWith('palabra…')).toBe(true);
    expect(shortenText('x'.repeat(200), 85)).toBe(`${'x'.repeat(84)}…`);
    expect(shortenText('  a   b  ', 85)).toBe('a b');
  });

  it("keeps the spec's lengths: 85 for cards, 90 elsewhere (episode lists)", () => {
    expect(CARD_TEXT_MAX).toBe(85);
    expect(SHORT_DESCRIPTION_MAX).toBe(90);
    expect(shortenText('x'.repeat(200), SHORT_DESCRIPTION_MAX)).toHaveLength(90);
  });
});
