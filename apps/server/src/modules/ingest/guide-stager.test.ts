import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './byte-source';
import { GuideStager } from './guide-stager';
import { warningOf } from './sources.service';

const programme = (channel: string, hour: number) =>
  `<programme start="20260101${String(hour).padStart(2, '0')}0000 +0000" stop="20260101${String(hour + 1).padStart(2, '0')}0000 +0000" channel="${channel}"><title>P${hour}</title></programme>\n`;

async function drain(source: AsyncIterable<Uint8Array | string>): Promise<string> {
  let text = '';
  for await (const chunk of source) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  return text;
}

describe('GuideStager', () => {
  it('passes the file through unchanged, counts its bytes and keeps the programmes of ids no channel carries', async () => {
    const file = `<tv>\n<channel id="declarado"><display-name>D</display-name></channel>\n${programme('declarado', 1)}${programme('conocido', 2)}${programme('suelto', 3)}${programme('suelto', 4)}</tv>\n`;
    const stager = new GuideStager(true, new Set(['conocido']), DEFAULT_LIMITS);
    // Small pieces, more than the hand-over holds: the import's reader never stalls for good.
    const pieces = file.match(/[\s\S]{1,7}/g) ?? [];
    expect(await drain(stager.wrap(pieces.map((p) => Buffer.from(p))))).toBe(file);
    expect(stager.bytes).toBe(Buffer.byteLength(file));
    const staged = await stager.programmes();
    expect(staged.map((p) => [p.guideId, p.line, p.programme.title])).toEqual([
      ['suelto', 5, 'P3'],
      ['suelto', 6, 'P4'],
    ]);
  });

  it('keeps nothing of a list, and nothing when the file is not a guide', async () => {
    const list = new GuideStager(false, new Set(), DEFAULT_LIMITS);
    await drain(list.wrap(['#EXTM3U\n']));
    expect(await list.programmes()).toEqual([]);
    const broken = new GuideStager(true, new Set(), DEFAULT_LIMITS);
    await drain(broken.wrap(['esto no es xml']));
    expect(await broken.programmes()).toEqual([]);
  });
});

describe('warningOf', () => {
  it('splits a warning into its line and its text', () => {
    expect(warningOf('Línea 12: canal "x" desconocido.')).toEqual({ line: 12, message: 'canal "x" desconocido.' });
    expect(warningOf('Sin línea')).toEqual({ line: null, message: 'Sin línea' });
  });
});
