import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { Skin } from '@pantalla/contracts';

/** Pantalla's own wordmark, drawn in CSS: no image or font to download. */
export function Wordmark({ label = 'Pantalla' }: { label?: string }) {
  return (
    <span className="wordmark" aria-label={label} role="img">
      <span aria-hidden="true" className="wordmark__mark" />
      <span aria-hidden="true">{label}</span>
    </span>
  );
}

/** The operator's logo of a skin type (3002 header, guide, calendar; 3001 player), else the wordmark. */
export function OperatorLogo({ skin, type = 3002 }: { skin: Skin | null | undefined; type?: 3001 | 3002 }) {
  const url = skin?.logos.find((logo) => logo.type === type)?.url;
  const [failed, setFailed] = useState<string | null>(null);
  const name = skin?.operator ?? 'Pantalla';
  if (!url || failed === url) return <Wordmark label={name} />;
  return <img className="operator-logo" src={url} alt={name} onError={() => setFailed(url)} />;
}

/** A name tile's text is never shrunk below half its size: past that a word is broken. */
const MIN_FIT = 0.5;
const fitOf = (ratio: number) => Math.floor(Math.max(MIN_FIT, Math.min(1, ratio)) * 100) / 100;

/**
 * How much a name tile's text shrinks so its longest word fits on a line, before it can be
 * measured: a tile's box holds about 7 characters at its own size.
 */
export function nameFit(name: string): number {
  const longest = Math.max(0, ...name.split(/\s+/).map((word) => [...word].length));
  return fitOf(7 / longest);
}

/** The fit that makes the widest word of the laid-out text as wide as its box, or null before layout. */
function measuredFit(text: HTMLElement, current: number): number | null {
  const node = text.firstChild;
  const box = text.parentElement;
  if (!node || node.nodeType !== Node.TEXT_NODE || !box) return null;
  // Without layout (tests' DOM) there is nothing to measure.
  if (typeof Range.prototype.getClientRects !== 'function') return null;
  const style = getComputedStyle(box);
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  let widest = 0;
  let at = 0;
  for (const word of (node.textContent ?? '').split(' ')) {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    at += word.length + 1;
    // A word already broken over lines is as wide as its pieces together.
    widest = Math.max(
      widest,
      [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0),
    );
  }
  if (widest === 0 || room <= 0) return null;
  // Widths scale with the font: at fit 1 the widest word is widest / current.
  return fitOf((0.97 * room * current) / widest);
}

/** The channel's name, shrunk so that it wraps between words (line widths come from the browser). */
function NameText({ name }: { name: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [fit, setFit] = useState(() => nameFit(name));
  useLayoutEffect(() => {
    const measured = ref.current ? measuredFit(ref.current, nameFit(name)) : null;
    setFit(measured ?? nameFit(name));
  }, [name]);
  return (
    <span ref={ref} className="channel-logo__name" style={{ '--name-fit': fit } as CSSProperties}>
      {name}
    </span>
  );
}

/**
 * A channel's logo, never the browser's broken-image sign (imported lists often point at
 * logos that are gone): when the picture cannot be loaded, the channel's name in the logo's
 * box, or nothing where the name is written beside it anyway (`nameBeside`). `decorative`:
 * screen readers hear the name from elsewhere.
 */
export function ChannelLogo(props: {
  src: string;
  name: string;
  className?: string;
  decorative?: boolean;
  nameBeside?: boolean;
}) {
  const { src, name, className, nameBeside = false } = props;
  const decorative = nameBeside || (props.decorative ?? false);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed !== src)
    return (
      <img
        className={className}
        src={src}
        alt={decorative ? '' : name}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  if (nameBeside) return null;
  return (
    <span
      className={`${className ?? ''} channel-logo--name`.trim()}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      <NameText name={name} />
    </span>
  );
}
