import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../search-text';
import { distanceWithin, TitleIndex, wordCost } from './title-index';

const TITLES = [
  'Informativos Pantalla',
  'Informe semanal',
  'La casa de papel',
  'Casa de muñecas',
  'El tiempo',
  'Documentales de naturaleza',
  'Cocina con Arguiñano',
].map(normalizeForSearch);

const find = (query: string) => new TitleIndex(TITLES).find(normalizeForSearch(query), 10);

describe('programme titles found as typed', () => {
  it('finds a title by a word typed in part, accents and case aside', () => {
    expect(find('INFORMATI')).toEqual(['informativos pantalla']);
    // "informe" is two slips from "informat": found, after the title it begins.
    expect(find('informat')).toEqual(['informativos pantalla', 'informe semanal']);
    expect(find('muñe')).toEqual(['casa de munecas']);
    expect(find('Arguinano')).toEqual(['cocina con arguinano']);
  });

  it('forgives one slip from four letters and two from eight, whole or in part', () => {
    expect(find('informatvos')).toEqual(['informativos pantalla']);
    expect(find('docmentales')).toEqual(['documentales de naturaleza']);
    expect(find('naturalze')).toEqual(['documentales de naturaleza']);
    expect(find('tiempp')).toEqual(['el tiempo']);
  });

  it('forgives nothing in a short word, and needs every word of the query', () => {
    expect(find('xl tiempo')).toEqual([]);
    expect(find('casa papel')).toEqual(['la casa de papel']);
    expect(find('cosa')).toEqual(['casa de munecas', 'la casa de papel']);
  });

  it('puts whole words before beginnings before slips', () => {
    const index = new TitleIndex(['casas rurales', 'casa', 'cosa nostra'].map(normalizeForSearch));
    expect(index.find('casa', 10)).toEqual(['casa', 'casas rurales', 'cosa nostra']);
  });

  it('answers nothing for an empty query, and at most the limit', () => {
    expect(find('')).toEqual([]);
    expect(new TitleIndex(TITLES).find('de', 1)).toHaveLength(1);
  });
});

describe('the word measures', () => {
  it('counts edits, stopping past the bound', () => {
    expect(distanceWithin('kitten', 'sitting', 3)).toBe(3);
    expect(distanceWithin('kitten', 'sitting', 1)).toBe(2);
    expect(distanceWithin('abc', 'abc', 0)).toBe(0);
  });

  it('scores whole, beginning and slipped words', () => {
    expect(wordCost('casa', 'casa')).toBe(0);
    expect(wordCost('cas', 'casa')).toBe(1);
    expect(wordCost('cosa', 'casa')).toBe(3);
    expect(wordCost('cos', 'casa')).toBeNull();
  });
});
