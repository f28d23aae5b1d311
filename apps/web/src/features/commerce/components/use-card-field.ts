import { useCallback, useEffect, useRef, useState } from 'react';
import { confirmMessage, readCardFieldMessage, type CardFieldMessage } from '../card-messages';

export type CardResult = Extract<CardFieldMessage, { type: 'result' }>;

/**
 * The provider's card field in an iframe: whether it is ready, whether it shows a 3-D Secure
 * challenge, and `confirm`, which asks it to pay and resolves with what it answers. Only
 * messages from that frame and its origin count.
 */
export function useCardField(origin: string | null) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [challenge, setChallenge] = useState(false);
  // A new frame after a challenge, so the card form is back for another try.
  const [frameKey, setFrameKey] = useState(0);
  const waiting = useRef<((result: CardResult) => void) | null>(null);
  const challenged = useRef(false);

  useEffect(() => {
    if (!origin) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return;
      const message = readCardFieldMessage(event.data);
      if (!message) return;
      if (message.type === 'ready') setReady(true);
      else if (message.type === 'challenge') {
        challenged.current = true;
        setChallenge(true);
      } else {
        if (challenged.current && message.status === 'error') {
          challenged.current = false;
          setReady(false);
          setFrameKey((k) => k + 1);
        }
        setChallenge(false);
        waiting.current?.(message);
        waiting.current = null;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  const confirm = useCallback(
    (clientSecret: string, billingName: string) =>
      new Promise<CardResult>((resolve) => {
        const target = frameRef.current?.contentWindow;
        if (!target || !origin) {
          resolve({ type: 'result', status: 'error', network: true });
          return;
        }
        waiting.current = resolve;
        target.postMessage(confirmMessage(clientSecret, billingName), origin);
      }),
    [origin],
  );

  return { frameRef, frameKey, ready, challenge, confirm };
}
