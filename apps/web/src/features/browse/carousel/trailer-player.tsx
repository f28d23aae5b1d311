import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getTrailerQueryOptions } from '../details/api/get-items';

export interface TrailerPlayerProps {
  filmId: number;
  muted: boolean;
  onEnded: () => void;
  onError: (error: unknown) => void;
  className?: string;
  label: string;
}

/**
 * Plays a film's DASH trailer. Shaka is imported only here, when a trailer starts, so the
 * home's first download stays small; the player is destroyed on unmount.
 */
export function TrailerPlayer({ filmId, muted, onEnded, onError, className, label }: TrailerPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
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
    if (!link || !video) return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      const { default: shaka } = await import('shaka-player');
      if (cancelled) return;
      shaka.polyfill.installAll();
      if (!shaka.Player.isBrowserSupported()) throw new Error('Shaka Player is not supported in this browser');
      const player = new shaka.Player();
      destroy = () => player.destroy();
      await player.attach(video);
      if (cancelled) return;
      await player.load(link);
      if (cancelled) return;
      await video.play();
    })().catch((error: unknown) => {
      if (!cancelled) callbacks.current.onError(error);
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [link]);

  return <video ref={videoRef} className={className} muted={muted} playsInline aria-label={label} onEnded={() => callbacks.current.onEnded()} />;
}
