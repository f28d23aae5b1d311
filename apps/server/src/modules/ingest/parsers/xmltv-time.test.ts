import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseXmltvDate, XMLTV_ZONES } from './xmltv-time';

const utc = (...args: [number, number, number?, number?, number?, number?]) =>
  Date.UTC(args[0], args[1] - 1, args[2] ?? 1, args[3] ?? 0, args[4] ?? 0, args[5] ?? 0);

describe('XMLTV dates (the DTD: YYYYMMDDhhmmss or an initial substring, then a zone)', () => {
  it.each([
    ['2000', utc(2000, 1)],
    ['200007', utc(2000, 7)],
    ['20000728', utc(2000, 7, 28)],
    ['2000072817', utc(2000, 7, 28, 17)],
    ['200007281733', utc(2000, 7, 28, 17, 33)],
    ['20000728173300', utc(2000, 7, 28, 17, 33)],
    ['20000728173359', utc(2000, 7, 28, 17, 33, 59)],
    ['  20000728173300  ', utc(2000, 7, 28, 17, 33)],
  ])('reads the initial substring %j as UTC', (value, time) => {
    expect(parseXmltvDate(value)).toEqual({ time, zone: 'none', zoneText: '' });
  });

  it.each([
    ['19880523083000 +0300', utc(1988, 5, 23, 5, 30)],
    ['20261122200000 +0100', utc(2026, 11, 22, 19)],
    ['20261122200000 -0500', utc(2026, 11, 23, 1)],
    ['202611222000 -0230', utc(2026, 11, 22, 22, 30)],
    ['20261122200000 +0000', utc(2026, 11, 22, 20)],
    ['20261122200000 -0000', utc(2026, 11, 22, 20)],
    ['20261122200000+0100', utc(2026, 11, 22, 19)],
    ['20261122200000 +01:00', utc(2026, 11, 22, 19)],
    ['20261122200000 +01', utc(2026, 11, 22, 19)],
    ['20261122200000 +0545', utc(2026, 11, 22, 14, 15)],
    ['2026 +0100', utc(2025, 12, 31, 23)],
  ])('reads %j with its numeric offset', (value, time) => {
    expect(parseXmltvDate(value)).toMatchObject({ time, zone: 'offset' });
  });

  it.each([
    ['200007281733 BST', utc(2000, 7, 28, 16, 33)],
    ['20000728173300 UTC', utc(2000, 7, 28, 17, 33)],
    ['20000728173300 GMT', utc(2000, 7, 28, 17, 33)],
    ['20000728173300 Z', utc(2000, 7, 28, 17, 33)],
    ['20000728173300 CET', utc(2000, 7, 28, 16, 33)],
    ['20000728173300 CEST', utc(2000, 7, 28, 15, 33)],
    ['20000728173300 EST', utc(2000, 7, 28, 22, 33)],
    ['20000728173300 PST', utc(2000, 7, 29, 1, 33)],
    ['20000728173300 pdt', utc(2000, 7, 29, 0, 33)],
    ['20000728173300 AEST', utc(2000, 7, 28, 7, 33)],
    ['20000728173300 NST', utc(2000, 7, 28, 21, 3)],
  ])('reads %j with its zone name', (value, time) => {
    expect(parseXmltvDate(value)).toMatchObject({ time, zone: 'name' });
  });

  it('reads an unknown zone name as UTC, saying so', () => {
    expect(parseXmltvDate('20000728173300 IST')).toEqual({
      time: utc(2000, 7, 28, 17, 33),
      zone: 'unknown',
      zoneText: 'IST',
    });
    expect(parseXmltvDate('20000728173300 XYZ')).toMatchObject({ zone: 'unknown', zoneText: 'XYZ' });
  });

  it('takes 24:00:00 as the end of the day', () => {
    expect(parseXmltvDate('20261122240000 +0000')?.time).toBe(utc(2026, 11, 23));
    expect(parseXmltvDate('20261122240100')).toBeNull();
  });

  it('knows leap years', () => {
    expect(parseXmltvDate('20240229')?.time).toBe(utc(2024, 2, 29));
    expect(parseXmltvDate('20000229')?.time).toBe(utc(2000, 2, 29));
    expect(parseXmltvDate('20250229')).toBeNull();
    expect(parseXmltvDate('19000229')).toBeNull();
    expect(parseXmltvDate('20250229120000 +0000')).toBeNull();
  });

  it.each([
    '',
    'mañana',
    '200',
    '2000072',
    '200007281',
    '2000072817330',
    '200007281733001',
    '20001328',
    '20000732',
    '20000700',
    '20000001',
    '20000728256000',
    '20000728176000',
    '20000728173360',
    '20000728173300 +2500',
    '20000728173300 +0160',
    '20000728173300 +1',
    '20000728173300 BST+1',
    '20000728173300 Europe/Madrid',
    '2026-11-22 20:00',
  ])('refuses %j', (value) => {
    expect(parseXmltvDate(value)).toBeNull();
  });

  it('gives every named zone a whole quarter hour within ±14 h', () => {
    for (const [name, minutes] of Object.entries(XMLTV_ZONES)) {
      expect(name).toMatch(/^[A-Z]{1,4}$/);
      expect(Math.abs(minutes)).toBeLessThanOrEqual(14 * 60);
      expect(Math.abs(minutes) % 15).toBe(0);
    }
  });

  it('agrees with Date for every well-formed full date and offset (fast and general paths alike)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: -14 * 4, max: 14 * 4 }),
        (date, quarters) => {
          const offset = quarters * 15;
          const local = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset * 60_000);
          const p = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
          const digits = `${p(local.getUTCFullYear(), 4)}${p(local.getUTCMonth() + 1)}${p(local.getUTCDate())}${p(local.getUTCHours())}${p(local.getUTCMinutes())}${p(local.getUTCSeconds())}`;
          const zone = `${offset < 0 ? '-' : '+'}${p(Math.trunc(offset / 60))}${p(offset % 60)}`;
          const expected = Math.floor(date.getTime() / 1000) * 1000;
          expect(parseXmltvDate(`${digits} ${zone}`)?.time).toBe(expected);
          expect(parseXmltvDate(`${digits}${zone}`)?.time).toBe(expected);
        },
      ),
    );
  });
});
