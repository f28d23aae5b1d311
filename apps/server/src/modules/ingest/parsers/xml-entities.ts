/**
 * HTML's named characters that guides write without declaring them ('&nbsp;', '&eacute;',
 * '&hellip;'): strictly not XML, but unambiguous. Read as the XHTML 1.0 entity sets define
 * them: all of xhtml-lat1.ent (U+00A0–U+00FF), all of xhtml-special.ent, and the three of
 * xhtml-symbol.ent guides use (hellip, bull, trade). Any other undeclared name stays as
 * written and is reported.
 */
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
  'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

const OTHERS: Record<string, number> = {
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  circ: 710,
  tilde: 732,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  lsaquo: 8249,
  rsaquo: 8250,
  euro: 8364,
  trade: 8482,
};

function build(): Record<string, string> {
  const out: Record<string, string> = {};
  LATIN1.split(' ').forEach((name, i) => (out[name] = String.fromCharCode(0xa0 + i)));
  for (const [name, code] of Object.entries(OTHERS)) out[name] = String.fromCharCode(code);
  return out;
}

/** Name → character, for the entities above (the five of XML itself are the parser's). */
export const HTML_ENTITIES: Readonly<Record<string, string>> = build();
