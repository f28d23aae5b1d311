/** The Spanish age scale the catalogue shows ('18' goes behind the parental PIN). */
export type SpanishAgeRating = 'TP' | '7' | '12' | '16' | '18';

/*
 * Named ratings of the systems guides use. Each maps to the Spanish rating closest to what
 * the system means (PG-13 and TV-14 are Spain's 12 and 16 as broadcasters here place them).
 */
const NAMED: Record<string, SpanishAgeRating> = {
  // MPAA
  G: 'TP',
  PG: '7',
  'PG-13': '12',
  R: '16',
  'NC-17': '18',
  X: '18',
  XXX: '18',
  // US TV Parental Guidelines (V-chip)
  'TV-Y': 'TP',
  'TV-Y7': '7',
  'TV-Y7-FV': '7',
  'TV-G': 'TP',
  'TV-PG': '7',
  'TV-14': '16',
  'TV-MA': '18',
  // ICAA and the Spanish broadcasters
  TP: 'TP',
  A: 'TP',
  APTA: 'TP',
  ERI: '7',
  ADULT: '18',
  ADULTO: '18',
  ADULTOS: '18',
};

/** The least restrictive Spanish rating that still keeps out everyone under `age`. */
function byAge(age: number): SpanishAgeRating {
  if (age <= 0) return 'TP';
  if (age <= 7) return '7';
  if (age <= 12) return '12';
  if (age <= 16) return '16';
  return '18';
}

/** PEGI's 3 and FSK's 6 are 'all ages' and 'from 6' (Spain's TP and 7). */
const SMALL_AGES: Record<string, Record<number, SpanishAgeRating>> = {
  PEGI: { 3: 'TP', 4: 'TP' },
  FSK: { 6: '7' },
};

/**
 * A guide's <rating> in the Spanish scale. Named ratings (MPAA, V-chip, ICAA) by table;
 * numbers (CSA -10, FSK 16, PEGI 12, '+18', '15') by the age they keep out. A value of a
 * system not known and with no age stays restricted (12): never all audiences.
 */
export function spanishAgeRating(value: string, system: string | null = null): SpanishAgeRating | null {
  const v = value.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!v) return null;
  const named = NAMED[v.replace(/^TV /, 'TV-').replace(/ /g, '-')];
  if (named) return named;
  const age = /(\d{1,2})/.exec(v)?.[1];
  if (age !== undefined) {
    const n = Number(age);
    return SMALL_AGES[(system ?? '').trim().toUpperCase()]?.[n] ?? byAge(n);
  }
  return '12';
}
