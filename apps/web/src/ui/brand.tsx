import { useState } from 'react';
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

/**
 * A channel's logo, never the browser's broken-image sign (imported lists often point at
 * logos that are gone): when the picture cannot be loaded, the channel's name in the logo's
 * box, or nothing where the name is written beside it anyway (`nameBeside`). `decorative`:
 * screen readers hear the name from elsewhere.
 */
export function ChannelLogo(props: { src: string; name: string; className?: string; decorative?: boolean; nameBeside?: boolean }) {
  const { src, name, className, nameBeside = false } = props;
  const decorative = nameBeside || (props.decorative ?? false);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed !== src) return <img className={className} src={src} alt={decorative ? '' : name} loading="lazy" decoding="async" onError={() => setFailed(src)} />;
  if (nameBeside) return null;
  return (
    <span className={`${className ?? ''} channel-logo--name`.trim()} {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}>
      {name}
    </span>
  );
}
