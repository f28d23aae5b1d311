import { describe, expect, it } from 'vitest';
import { episodeKey, fold, isNewEpisode, RuleIndex, type MatchRule } from './matching';

const rule = (over: Partial<MatchRule> & { id: number }): MatchRule => ({
  userId: 1,
  profileId: 1,
  kind: 'title',
  folded: '',
  channelId: null,
  newOnly: false,
  ...over,
});
const programme = (title: string, over: { channelId?: number; description?: string; episodeNum?: string } = {}) => ({
  id: 1,
  channelId: over.channelId ?? 5,
  title,
  description: over.description ?? '',
  episodeNum: over.episodeNum ?? '',
});
const ids = (rules: readonly MatchRule[]) => rules.map((r) => r.id).sort();

describe('series rule matching', () => {
  it('folds accents, case and punctuation', () => {
    expect(fold('¡Águila  Roja!')).toBe('aguila roja');
    expect(fold('CUÉNTAME cómo pasó')).toBe('cuentame como paso');
    expect(fold('Niño-Ñandú')).toBe('nino nandu');
  });

  it('matches a title whatever its accents and case, on one channel or any', () => {
    const index = new RuleIndex([
      rule({ id: 1, folded: fold('Águila Roja') }),
      rule({ id: 2, folded: fold('aguila roja'), channelId: 7 }),
      rule({ id: 3, folded: fold('Otra serie') }),
    ]);
    expect(ids(index.match(programme('AGUILA ROJA')))).toEqual([1]);
    expect(ids(index.match(programme('Águila roja', { channelId: 7 })))).toEqual([1, 2]);
    // A title rule wants the title, not one that contains it.
    expect(index.match(programme('Águila Roja: la película'))).toEqual([]);
  });

  it('matches a keyword as whole words in the title or the description', () => {
    const index = new RuleIndex([
      rule({ id: 1, kind: 'keyword', folded: fold('Fórmula 1') }),
      rule({ id: 2, kind: 'keyword', folded: fold('sol') }),
    ]);
    expect(ids(index.match(programme('Gran Premio', { description: 'La FORMULA 1 en directo' })))).toEqual([1]);
    expect(index.match(programme('Soldados'))).toEqual([]);
    expect(ids(index.match(programme('Bajo el sol')))).toEqual([2]);
  });

  it('answers the same for a description seen again, on another channel or under another title', () => {
    const index = new RuleIndex([
      rule({ id: 1, kind: 'keyword', folded: fold('gran premio'), channelId: 7 }),
      rule({ id: 2, kind: 'keyword', folded: fold('premio') }),
    ]);
    const description = '¡El Gran Premio, en directo!';
    expect(ids(index.match(programme('Motor', { description, channelId: 7 })))).toEqual([1, 2]);
    expect(ids(index.match(programme('Motor', { description, channelId: 8 })))).toEqual([2]);
    expect(ids(index.match(programme('Premio gordo', { description: 'Sorteo', channelId: 7 })))).toEqual([2]);
    expect(ids(index.match(programme('Motor', { description, channelId: 7 })))).toEqual([1, 2]);
  });

  it('reads episode labels of every source as one key', () => {
    expect(episodeKey('T2 E5')).toBe('2:5');
    expect(episodeKey('S02E05')).toBe('2:5');
    expect(episodeKey('1.4.')).toBe('2:5');
    expect(episodeKey('1/3 . 4/10 . 0/1')).toBe('2:5');
    expect(episodeKey('Episodio 12')).toBe('0:12');
    expect(episodeKey('')).toBeNull();
  });

  it('takes only episodes not recorded yet for a new-episodes-only rule, and none without an episode', () => {
    const recorded = new Set(['2:5']);
    expect(isNewEpisode({ episodeNum: 'S02E05' }, recorded)).toBe(false);
    expect(isNewEpisode({ episodeNum: 'T2 E6' }, recorded)).toBe(true);
    expect(isNewEpisode({ episodeNum: '' }, recorded)).toBe(false);
  });

  it('leaves out a programme the guide says was shown before (XMLTV previously-shown), numbered or not', () => {
    const none = new Set<string>();
    expect(isNewEpisode({ episodeNum: 'T3 E1', previouslyShown: 1 }, none)).toBe(false);
    expect(isNewEpisode({ episodeNum: 'T3 E1', previouslyShown: true }, none)).toBe(false);
    expect(isNewEpisode({ episodeNum: 'T3 E1', previouslyShown: 0 }, none)).toBe(true);
    expect(isNewEpisode({ episodeNum: 'T3 E1' }, none)).toBe(true);
  });
});
