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
 * A channel's logo; its name in the logo's box when the picture cannot be loaded (imported
 * lists often point at logos that are gone), never the browser's broken-image sign.
 */
export function ChannelLogo({ src, name, className, decorative = false }: { src: string; name: string; className: string; decorative?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span className={`${className} channel-logo--name`} aria-hidden={decorative || undefined} role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : name}>
        {name}
      </span>
    );
  }
  return <img className={className} src={src} alt={decorative ? '' : name} loading="lazy" decoding="async" onError={() => setFailed(src)} />;
}
