import { describe, expect, it } from 'vitest';
import { GENRE_DOCUMENTALES } from '@pantalla/contracts';
import { Random } from './prng';
import { FEMALE_FIRST_NAMES, FIRST_NAMES } from './text-pools';
import { generateFilms, synopsis } from './vod';

describe('demo texts match their titles (issue 17)', () => {
  it("a documentary's description speaks of the subject in its title", () => {
    const docs = generateFilms().filter((f) => f.genreIds.includes(GENRE_DOCUMENTALES));
    expect(docs.length).toBeGreaterThan(10);
    for (const film of docs) {
      const subject = /^Un documental sobre (.+?), /.exec(film.description)?.[1];
      expect(subject, film.description).toBeDefined();
      expect(film.title.toLowerCase(), film.description).toContain(subject!.toLowerCase());
    }
  });

  it('a synopsis gives a woman a profession for a woman and a man one for a man', () => {
    const rng = new Random(17);
    for (let i = 0; i < 500; i++) {
      const text = synopsis(rng);
      const [, name, article] = /^Cuando ([^,]+), (una?) /.exec(text) ?? [];
      const woman = FIRST_NAMES.indexOf(name!) < FEMALE_FIRST_NAMES;
      expect(article, text).toBe(woman ? 'una' : 'un');
    }
  });
});
