import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { session } from '../../account';
import { loadShakaAdapter } from '../../player';
import { getTrailerQueryOptions } from '../api/get-items';

export interface TrailerPlayerProps {
  filmId: number;
  muted: boolean;
  onEnded: () => void;
  onError: (error: unknown) => void;
  className?: string;
  label: string;
}

/**
 * Plays a film's DASH trailer through the player's adapter, imported only when a trailer
 * starts so the home's first download stays small; destroyed on unmount.
 */
export function TrailerPlayer({ filmId, muted, onEnded, onError, className, label }: TrailerPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const trailer = useQuery(getTrailerQueryOptions(filmId));
  const callbacks = useRef({ onEnded, onError });
  useEffect(() => {
    callbacks.current = { onEnded, onError };
  });

  useEffect(() => {
    if (trailer.isError) callbacks.current.onError(trailer.error);
  }, [trailer.isError, trailer.error]);

  const link = trailer.data?.link;
  useEffect(() => {
    const video = videoRef.current;
    const container = containerRef.current;
    if (!link || !video || !container) return;
    let cancelled = false;
    let adapter: { destroy(): Promise<void> } | null = null;
    void (async () => {
      // The player's one adapter around Shaka, loaded with its chunk only when a trailer starts.
      const { ShakaAdapter } = await loadShakaAdapter();
      if (cancelled) return;
      if (!(await ShakaAdapter.isSupported())) throw new Error('Shaka Player is not supported in this browser');
      const next = new ShakaAdapter(video, container, {
        getIdToken: () => session.getState().userInfo?.idToken ?? null,
        onError: (e) => callbacks.current.onError(e),
        env: import.meta.env,
      });
      adapter = next;
      await next.attach();
      if (cancelled) return;
      // Trailers carry their own licence address in the manifest: no stream session.
      await next.load({ url: link, drm: null, startTime: 0 });
    })().catch((error: unknown) => {
      if (!cancelled) callbacks.current.onError(error);
    });
    return () => {
      cancelled = true;
      void adapter?.destroy();
    };
  }, [link]);

  return (
    <div ref={containerRef} className={className}>
      <video ref={videoRef} muted={muted} playsInline aria-label={label} onEnded={() => callbacks.current.onEnded()} />
    </div>
  );
}
