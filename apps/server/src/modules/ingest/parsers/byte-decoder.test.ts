import { describe, expect, it } from 'vitest';
import { ByteDecoder, declaredEncoding } from './byte-decoder';
import { pieces } from './test-helpers';

function decodeAll(kind: 'xml' | 'text', bytes: Uint8Array, size = Infinity) {
  const decoder = new ByteDecoder(kind);
  let text = '';
  for (const piece of size === Infinity ? [bytes] : pieces(bytes, size)) text += decoder.write(piece);
  text += decoder.end();
  return { text, encoding: decoder.encoding, notes: decoder.notes };
}

const utf8 = (s: string) => Buffer.from(s, 'utf8');

describe('ByteDecoder', () => {
  it('reads UTF-8 by default and drops its byte order mark', () => {
    expect(decodeAll('xml', utf8('<tv>Año</tv>'))).toEqual({ text: '<tv>Año</tv>', encoding: 'utf-8', notes: [] });
    expect(decodeAll('xml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('<tv>ñ</tv>')]))).toMatchObject({
      text: '<tv>ñ</tv>',
      encoding: 'utf-8',
    });
  });

  it.each([
    ['ISO-8859-1', 'windows-1252'],
    ['latin1', 'windows-1252'],
    ['windows-1252', 'windows-1252'],
    ['ISO-8859-15', 'iso-8859-15'],
  ])('reads a declared %s', (label, encoding) => {
    const bytes = Buffer.concat([
      Buffer.from(`<?xml version="1.0" encoding="${label}"?><tv>`),
      Buffer.from([0xf1, 0xe9]),
      Buffer.from('</tv>'),
    ]);
    const read = decodeAll('xml', bytes);
    expect(read.encoding).toBe(encoding);
    expect(read.text.endsWith('<tv>ñé</tv>')).toBe(true);
  });

  it('believes a byte order mark over the declaration', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      utf8('<?xml version="1.0" encoding="ISO-8859-1"?><tv>ñ</tv>'),
    ]);
    expect(decodeAll('xml', bytes).text).toContain('<tv>ñ</tv>');
  });

  it('reads UTF-16 with a byte order mark, and XML in UTF-16 without one', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<tv>ñ</tv>', 'utf16le')]);
    expect(decodeAll('xml', le, 3)).toMatchObject({ text: '<tv>ñ</tv>', encoding: 'utf-16le' });
    expect(decodeAll('xml', Buffer.from('<?xml version="1.0"?><tv/>', 'utf16le')).text).toBe(
      '<?xml version="1.0"?><tv/>',
    );
    const be = Buffer.from(Buffer.from('<?xml version="1.0"?><tv/>', 'utf16le').swap16());
    expect(decodeAll('xml', be).text).toBe('<?xml version="1.0"?><tv/>');
  });

  it('falls back to windows-1252 for undeclared bytes that are not UTF-8, with a note', () => {
    const bytes = Buffer.from('#EXTM3U\n#EXTINF:-1,España\n', 'latin1');
    expect(decodeAll('text', bytes)).toEqual({
      text: '#EXTM3U\n#EXTINF:-1,España\n',
      encoding: 'windows-1252',
      notes: ['fallback-latin1'],
    });
  });

  it('notes bad bytes met after the first 64 KB, replacing them', () => {
    const bytes = Buffer.concat([utf8('a'.repeat(70_000)), Buffer.from([0xff]), utf8('b')]);
    const read = decodeAll('text', bytes, 4096);
    expect(read.encoding).toBe('utf-8');
    expect(read.notes).toEqual(['invalid-bytes']);
    expect(read.text.endsWith('a\uFFFDb')).toBe(true);
  });

  it('keeps a character cut between pieces whole, whatever the piece size', () => {
    const text = `${'x'.repeat(65_530)}ñandú 📺 €uro`;
    for (const size of [1, 2, 3, 65_535, 65_537]) expect(decodeAll('text', utf8(text), size).text).toBe(text);
  });

  it('passes strings through, dropping a leading byte order mark', () => {
    const decoder = new ByteDecoder('xml');
    expect(decoder.write('\uFEFF<tv>')).toBe('<tv>');
    expect(decoder.write('\uFEFF')).toBe('\uFEFF');
    expect(decoder.end()).toBe('');
    expect(decoder.encoding).toBeNull();
  });

  it('finds the declared encoding only in an XML declaration at the start', () => {
    expect(declaredEncoding(Buffer.from(`<?xml version='1.0' encoding='ISO-8859-1' standalone="yes"?>`))).toBe(
      'ISO-8859-1',
    );
    expect(declaredEncoding(Buffer.from('<?xml version="1.0"?>'))).toBeNull();
    expect(declaredEncoding(Buffer.from('<tv encoding="x">'))).toBeNull();
  });
});
