import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { guideSaxParser } from './xml-sax';

/**
 * repairCloseTag patches saxes' private closeTag and reads its private `tags` and `name`.
 * A saxes release that renames or reshapes them must fail here, loudly, before guides
 * quietly lose their root at the first stray close tag.
 */
describe('the private saxes surface the guide parser patches', () => {
  it('still has closeTag on the prototype and tags/name on a parser', () => {
    const proto = SaxesParser.prototype as unknown as Record<string, unknown>;
    expect(typeof proto['closeTag'], 'SaxesParser.prototype.closeTag').toBe('function');
    const parser = new SaxesParser({ position: true, xmlns: false }) as unknown as Record<string, unknown>;
    expect(Array.isArray(parser['tags']), 'parser.tags is an array').toBe(true);
    expect(typeof parser['name'], 'parser.name is a string').toBe('string');
  });

  it('keeps the open elements when a stray close tag comes', () => {
    const sax = guideSaxParser();
    const errors: string[] = [];
    const closed: string[] = [];
    sax.on('error', (e) => errors.push(e.message));
    sax.on('closetag', (tag) => closed.push(tag.name));
    sax.write('<tv><programme><title>Uno</b></title></programme><channel id="a"></channel></tv>').close();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/unmatched closing tag|unexpected close tag/);
    expect(closed).toEqual(['title', 'programme', 'channel', 'tv']);
  });
});
