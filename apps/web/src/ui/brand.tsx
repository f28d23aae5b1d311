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
