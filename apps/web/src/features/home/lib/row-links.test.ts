import type { Category, CatalogueItem } from '@pantalla/contracts';
import { describe, expect, it } from 'vitest';
import { fullPageLink, fullPagePath, hasFullPageLink, rowEventCount } from './row-links';

const category = (over: Partial<Category> = {}): Category => ({
  id: 4,
  name: 'Canales en directo',
  pos: 3,
  order: [],
  displayMode: 1,
  load_more: 0,
  catchup_row: 0,
  is_adult: 0,
  personalised: 0,
  kind: 'films',
  query: '/api/v1/lists/4/resources',
  total: 10,
  ...over,
});
const event = (id: number) => ({ type: 'event', id }) as CatalogueItem;
const film = (id: number) => ({ type: 'movie', id }) as CatalogueItem;

describe('row links', () => {
  it('shows the link above 9 items or with load_more', () => {
    expect(hasFullPageLink(9, 0)).toBe(false);
    expect(hasFullPageLink(10, 0)).toBe(true);
    expect(hasFullPageLink(0, 1)).toBe(true);
    expect(hasFullPageLink(3, 1)).toBe(true);
    // The other reading of the spec: above 15.
    expect(hasFullPageLink(15, 0, 15)).toBe(false);
    expect(hasFullPageLink(16, 0, 15)).toBe(true);
  });

  it('picks allincat, allincat2 for events, allincat3 above 80 events', () => {
    expect(fullPagePath(category(), 0)).toBe('/allincat/');
    expect(fullPagePath(category({ kind: 'catch-up' }), 60)).toBe('/allincat2/');
    expect(fullPagePath(category({ kind: 'events' }), 80)).toBe('/allincat2/');
    expect(fullPagePath(category({ kind: 'events' }), 81)).toBe('/allincat3/');
    expect(fullPagePath(category({ kind: 'mixed' }), 2)).toBe('/allincat2/');
  });

  it('counts the events of a row', () => {
    expect(rowEventCount(category({ kind: 'live-now', total: 90 }), [event(1)])).toBe(90);
    expect(rowEventCount(category({ kind: 'mixed' }), [event(1), film(2), event(3)])).toBe(2);
  });

  it('builds the navigation state', () => {
    expect(fullPageLink(category({ total: 9 }), [], 'region-1.json')).toBeNull();
    const plain = fullPageLink(category(), [film(1), film(2)], 'region-1.json');
    expect(plain).toEqual({
      to: '/allincat/',
      state: { category: category(), jsonFile: 'region-1.json', items: ['movie:1', 'movie:2'] },
    });
    const events = fullPageLink(
      category({ kind: 'events', name: 'Deportes', is_adult: 1, total: 81 }),
      [event(5)],
      'f.json',
    );
    expect(events?.to).toBe('/allincat3/');
    expect(events?.state).toMatchObject({ events: [5], section: 'Deportes', adult: true, items: ['event:5'] });
  });
});
