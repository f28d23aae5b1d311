import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest of a png');

describe('sniffing a fetched picture', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/avif', bytes([0, 0, 0, 0x1c], 'ftypavif')],
  ])('knows %s by its bytes', (type, data) => {
    expect(sniffImage(data)).toEqual({ type });
  });

  it.each([
    ['HTML that says it is an image', bytes('<!doctype html><html><body>404</body></html>')],
    ['an empty answer', bytes('')],
    ['JSON', bytes('{"error":"no"}')],
    ['text that only mentions svg', bytes('hello <svg>')],
    ['bytes that are not UTF-8 text', bytes([0xc3, 0x28, 0x3c, 0x73, 0x76, 0x67])],
  ])('refuses %s', (_, data) => {
    expect(sniffImage(data)).toHaveProperty('refused');
  });

  it('takes a plain SVG after its prolog, with gradients and embedded raster data', () => {
    const svg = `\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"/></defs>
<rect fill="url(#g)" width="10" height="10"/><use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/></svg>`;
    expect(sniffImage(Buffer.from(svg))).toEqual({ type: 'image/svg+xml' });
  });

  it.each([
    ['a script', '<svg><script>alert(1)</script></svg>'],
    ['an event handler', '<svg onload="alert(1)"><rect/></svg>'],
    ['a handler on an inner element', '<svg><rect\nonclick = "x()"/></svg>'],
    ['a javascript: link', '<svg><a href="javascript:alert(1)"><rect/></a></svg>'],
    ['an embedded document', '<svg><foreignObject><iframe src="x"/></foreignObject></svg>'],
    ['an entity declaration', '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'],
    ['an external reference', '<svg><image xlink:href="http://elsewhere.example/a.png"/></svg>'],
    ['an external style', '<svg><style>@import url(http://x.example/a.css);</style></svg>'],
    ['a style loading from elsewhere', '<svg><rect style="fill:url(http://x.example/p.svg#a)"/></svg>'],
  ])('refuses an SVG with %s', (_, svg) => {
    expect(sniffImage(Buffer.from(svg))).toEqual({ refused: expect.stringMatching(/^SVG que /) });
  });
});
