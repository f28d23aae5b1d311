import { describe, expect, it } from 'vitest';
import { spanishAgeRating } from './ratings';

describe('ratings of other systems on the Spanish scale', () => {
  it.each([
    // Spain
    ['TP', null, 'TP'],
    ['+16', null, '16'],
    ['18', 'ICAA', '18'],
    ['X', null, '18'],
    // CSA
    ['-10', 'CSA', '12'],
    ['-12', 'CSA', '12'],
    ['-16', 'CSA', '16'],
    ['-18', 'CSA', '18'],
    // MPAA
    ['G', 'MPAA', 'TP'],
    ['PG', 'MPAA', '7'],
    ['PG-13', 'MPAA', '12'],
    ['R', 'MPAA', '16'],
    ['NC-17', 'MPAA', '18'],
    // US TV Parental Guidelines
    ['TV-Y', 'VCHIP', 'TP'],
    ['TV-Y7', 'VCHIP', '7'],
    ['TV-PG', 'VCHIP', '7'],
    ['TV-14', 'VCHIP', '16'],
    ['TV MA', 'VCHIP', '18'],
    // FSK
    ['0', 'FSK', 'TP'],
    ['6', 'FSK', '7'],
    ['FSK 12', 'FSK', '12'],
    ['16', 'FSK', '16'],
    ['18', 'FSK', '18'],
    // PEGI
    ['3', 'PEGI', 'TP'],
    ['7', 'PEGI', '7'],
    ['12', 'PEGI', '12'],
    ['18', 'PEGI', '18'],
    // Bare ages and unknown systems: restricted by the stated age, never all audiences
    ['15', null, '16'],
    ['13', 'Desconocido', '16'],
    ['Mature', 'Desconocido', '12'],
  ] as const)('%s (%s) is %s', (value, system, expected) => {
    expect(spanishAgeRating(value, system)).toBe(expected);
  });

  it('has nothing to say about an empty rating', () => {
    expect(spanishAgeRating('  ', 'CSA')).toBeNull();
  });
});
