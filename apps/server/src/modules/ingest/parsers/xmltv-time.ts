/**
 * Dates as the XMLTV DTD defines them: 'YYYYMMDDhhmmss' or any initial substring of it
 * ('2000', '200007', '200007281733'), then an optional timezone, either a numeric offset
 * ('+0100', '-0500') or a name ('BST'); without a timezone the time is UTC.
 */

/**
 * Zone names and their offsets in minutes. The DTD's own example is 'BST' (+0100); the rest
 * are the abbreviations guides write, with the meaning the XMLTV tools give them. Names
 * used for two different zones (IST: Irish or Indian) are left out on purpose: an unknown
 * name is read as UTC with a warning, which is better than a silent wrong hour.
 */
export const XMLTV_ZONES: Readonly<Record<string, number>> = {
  UTC: 0,
  UT: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  WEST: 60,
  BST: 60,
  CET: 60,
  MET: 60,
  CEST: 120,
  MEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  WAT: 60,
  CAT: 120,
  SAST: 120,
  EAT: 180,
  AST: -240,
  ADT: -180,
  NST: -210,
  NDT: -150,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  ART: -180,
  BRT: -180,
  JST: 540,
  KST: 540,
  AWST: 480,
  ACST: 570,
  ACDT: 630,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
};

/** A parsed XMLTV date: epoch ms, and how its timezone was given. */
export interface XmltvDate {
  time: number;
  /** 'none': no zone, UTC; 'unknown': a name not in XMLTV_ZONES, read as UTC. */
  zone: 'offset' | 'name' | 'none' | 'unknown';
  /** The zone as written, when there was one. */
  zoneText: string;
}

const DATE = /^(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?(?:\s*(.*))?$/;
const OFFSET = /^([+-])(\d\d):?(\d\d)?$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return DAYS[month - 1] as number;
}

/**
 * Reads an XMLTV date; null when it is not one (a bad digit count, month 13, 25:00...).
 * Fields left out take their first value (month and day 1, time 00:00:00). '24:00:00' is
 * accepted as the end of the day, as ISO 8601 allows and some grabbers write.
 */
export function parseXmltvDate(value: string): XmltvDate | null {
  return fastDate(value) ?? slowDate(value);
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const two = (s: string, i: number) => digit(s, i) * 10 + digit(s, i + 1);

/**
 * The form nearly every guide writes, 'YYYYMMDDhhmmss +hhmm', read without a regular
 * expression (a guide has two per programme, a million programmes per import).
 */
function fastDate(v: string): XmltvDate | null {
  if (v.length !== 20 || v.charCodeAt(14) !== 32) return null;
  const sign = v.charCodeAt(15);
  if (sign !== 43 && sign !== 45) return null;
  for (let i = 0; i < 20; i++) {
    if (i === 14 || i === 15) continue;
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  const year = digit(v, 0) * 1000 + digit(v, 1) * 100 + two(v, 2);
  const month = two(v, 4);
  const day = two(v, 6);
  const hour = two(v, 8);
  const minute = two(v, 10);
  const second = two(v, 12);
  const oh = two(v, 16);
  const om = two(v, 18);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    oh > 14 ||
    om > 59
  )
    return null;
  const minutes = (sign === 45 ? -1 : 1) * (oh * 60 + om);
  return {
    time: Date.UTC(year, month - 1, day, hour, minute, second) - minutes * 60_000,
    zone: 'offset',
    zoneText: v.slice(15),
  };
}

function slowDate(value: string): XmltvDate | null {
  const m = DATE.exec(value.trim());
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zoneRaw = ''] = m;
  // An initial substring ends at a field boundary: '2000072' is not one.
  if (zoneRaw !== '' && /^\d/.test(zoneRaw)) return null;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const endOfDay = hour === 24 && minute === 0 && second === 0;
  if ((hour > 23 && !endOfDay) || minute > 59 || second > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const zoneText = zoneRaw.trim();
  if (zoneText === '') return { time: local, zone: 'none', zoneText };
  const offset = OFFSET.exec(zoneText);
  if (offset) {
    const [, sign, oh, om = '00'] = offset;
    if (Number(oh) > 14 || Number(om) > 59) return null;
    const minutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
    return { time: local - minutes * 60_000, zone: 'offset', zoneText };
  }
  if (!/^[A-Za-z]{1,6}$/.test(zoneText)) return null;
  const named = XMLTV_ZONES[zoneText.toUpperCase()];
  if (named === undefined) return { time: local, zone: 'unknown', zoneText };
  return { time: local - named * 60_000, zone: 'name', zoneText };
}
