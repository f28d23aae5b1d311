import { describe, expect, it } from 'vitest';
import { CATALOGUE_GENRES } from '../../catalogue';
import { CATEGORY_TABLE, categoryKey, genreOf } from './genres';

describe('categories onto the catalogue genres', () => {
  it.each([
    [['Cine'], { section: 'Cine', subgenre: null }],
    [['Movie'], { section: 'Cine', subgenre: null }],
    [['Película', 'Comedia'], { section: 'Cine', subgenre: 'Comedia' }],
    [['Comedy'], { section: 'Cine', subgenre: 'Comedia' }],
    [['Series', 'Comedy'], { section: 'Series', subgenre: 'Comedia' }],
    [['Comedy', 'Series'], { section: 'Series', subgenre: 'Comedia' }],
    [['Sitcom'], { section: 'Series', subgenre: 'Comedia' }],
    [['Telenovela'], { section: 'Series', subgenre: 'Drama' }],
    [['Drama'], { section: 'Cine', subgenre: 'Drama' }],
    [['Crime drama'], { section: 'Series', subgenre: 'Policíaca' }],
    [['Deportes', 'Fútbol'], { section: 'Deportes', subgenre: 'Fútbol' }],
    [['Soccer'], { section: 'Deportes', subgenre: 'Fútbol' }],
    [['FORMULA 1'], { section: 'Deportes', subgenre: 'Motor' }],
    [['Noticias'], { section: 'Entretenimiento', subgenre: 'Informativos' }],
    [['News / Current affairs'], { section: 'Entretenimiento', subgenre: 'Informativos' }],
    [['Música'], { section: 'Entretenimiento', subgenre: 'Música' }],
    [['Infantil'], { section: 'Infantil', subgenre: null }],
    [['Kids', 'Cartoons'], { section: 'Infantil', subgenre: 'Dibujos animados' }],
    [['Documental', 'Naturaleza'], { section: 'Documentales', subgenre: 'Naturaleza' }],
    [['Documentary', 'Travel'], { section: 'Documentales', subgenre: 'Viajes' }],
    [['Adultos'], { section: 'Adultos', subgenre: null }],
    [['Movie', 'Adventure'], { section: 'Cine', subgenre: null }],
    [['Adventure'], { section: 'Infantil', subgenre: 'Aventuras' }],
    [['Entertainment'], { section: 'Entretenimiento', subgenre: null }],
  ])('%j is %j', (categories, genre) => {
    expect(genreOf(categories)).toEqual(genre);
  });

  it('leaves unknown categories alone', () => {
    expect(genreOf([])).toBeNull();
    expect(genreOf(['Jardinería', 'Subastas'])).toBeNull();
  });

  it('compares without case, accents or punctuation', () => {
    expect(categoryKey('  Ciencia-Ficción ')).toBe('ciencia ficcion');
    expect(genreOf(['CIENCIA FICCIÓN'])).toEqual({ section: 'Cine', subgenre: 'Ciencia ficción' });
  });

  it('names only genres the catalogue has, each subgenre inside its section', () => {
    const sections = new Map(CATALOGUE_GENRES.filter((g) => g.parentId === null).map((g) => [g.name, g.id]));
    for (const [key, entry] of CATEGORY_TABLE) {
      expect(key).toBe(categoryKey(key));
      if ('section' in entry) expect(sections.has(entry.section), entry.section).toBe(true);
      else
        for (const section of entry.sections)
          expect(
            CATALOGUE_GENRES.some((g) => g.name === entry.subgenre && g.parentId === sections.get(section)),
            `${entry.subgenre} in ${section}`,
          ).toBe(true);
    }
  });
});
