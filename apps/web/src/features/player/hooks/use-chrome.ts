import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { PLAYER } from '../lib/constants';
import { leavesKeyAlone } from '../../../lib/keys';

/** The player's bars; while the pointer rests on one of them they stay up. */
const HOLDING_SELECTOR = '.player-controls:hover, .player__top:hover';

/** Controls show on mouse movement and hide after 2 s without it (not while a menu is open or the pointer rests on them). */
export function useControlsVisibility(keepVisible: boolean): { visible: boolean; poke: () => void } {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keep = useRef(keepVisible);
  useEffect(() => {
    keep.current = keepVisible;
  });
  const scheduleHide = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    const hideLater = () => {
      timer.current = setTimeout(() => {
        if (keep.current) return;
        // A pointer resting on the controls holds them: a click meant for a button must not land on the video.
        if (document.querySelector(HOLDING_SELECTOR)) hideLater();
        else setVisible(false);
      }, PLAYER.controlsHideMs);
    };
    hideLater();
  }, []);
  const poke = useCallback(() => {
    setVisible(true);
    scheduleHide();
  }, [scheduleHide]);
  // Counting starts again whenever the controls stop being held open (menu closed, playing).
  useEffect(() => {
    if (!keepVisible) scheduleHide();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [keepVisible, scheduleHide]);
  return { visible: visible || keepVisible, poke };
}

export function useFullscreen(ref: RefObject<HTMLElement | null>): { fullscreen: boolean; toggle: () => void } {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen().catch(() => undefined);
  }, [ref]);
  return { fullscreen, toggle };
}

/**
 * The spec's cast code of a failed device prompt. Closing the picker without choosing
 * rejects with NotAllowedError in Chromium ("The prompt was dismissed"), AbortError
 * elsewhere: both are 8004, which the player ignores.
 */
export function castErrorCode(name: string): number {
  if (name === 'NotSupportedError') return 8000;
  if (name === 'NotFoundError') return 8001;
  if (name === 'NotAllowedError' || name === 'AbortError') return 8004;
  return 8002;
}

/** Spec cast states: 2 off, 4 connecting, 1 on. */
export type CastState = 1 | 2 | 4;

/**
 * Casting through the Remote Playback API (the browser's own device picker). Its failures
 * map to the spec's cast codes: 8000 API unavailable, 8001 no receivers, 8004 cancelled.
 */
export function useCast(
  video: RefObject<HTMLVideoElement | null>,
  onError: (code: number) => void,
): { state: CastState; prompt: () => void } {
  const [state, setState] = useState<CastState>(2);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  useEffect(() => {
    const remote = video.current?.remote;
    if (!remote) return;
    const update = () => setState(remote.state === 'connected' ? 1 : remote.state === 'connecting' ? 4 : 2);
    remote.addEventListener('connect', update);
    remote.addEventListener('connecting', update);
    remote.addEventListener('disconnect', update);
    return () => {
      remote.removeEventListener('connect', update);
      remote.removeEventListener('connecting', update);
      remote.removeEventListener('disconnect', update);
    };
  }, [video]);
  const prompt = () => {
    const remote = video.current?.remote;
    if (!remote) {
      onErrorRef.current(8000);
      return;
    }
    remote
      .prompt()
      .catch((error: unknown) => onErrorRef.current(castErrorCode(error instanceof DOMException ? error.name : '')));
  };
  return { state, prompt };
}

export interface ShortcutHandlers {
  playPause: () => void;
  fullscreen: () => void;
  mute: () => void;
  jump: (delta: number) => void;
  volume: (delta: number) => void;
  zap: (direction: 1 | -1) => void;
  activity: () => void;
}

/** Space, f, m, arrows (±10 s, volume), PageUp/PageDown (zap); not while typing or a dialog is open. */
export function useShortcuts(enabled: boolean, handlers: ShortcutHandlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (leavesKeyAlone(event)) return;
      const h = ref.current;
      h.activity();
      const actions: Record<string, () => void> = {
        ' ': h.playPause,
        k: h.playPause,
        f: h.fullscreen,
        m: h.mute,
        ArrowLeft: () => h.jump(-10),
        ArrowRight: () => h.jump(10),
        ArrowUp: () => h.volume(0.1),
        ArrowDown: () => h.volume(-0.1),
        PageUp: () => h.zap(1),
        PageDown: () => h.zap(-1),
      };
      const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!action) return;
      // Space on a focused button would also click it.
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** The Media Session API: title on the lock screen and media keys. */
export function useMediaSession(
  metadata: { title: string; artist: string },
  handlers: { play: () => void; pause: () => void; jump: (delta: number) => void; zap?: (direction: 1 | -1) => void },
): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined')
      return;
    navigator.mediaSession.metadata = new MediaMetadata({ title: metadata.title, artist: metadata.artist });
  }, [metadata.title, metadata.artist]);
  const canZap = handlers.zap !== undefined;
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const set = (action: MediaSessionAction, fn: (() => void) | null) => {
      try {
        session.setActionHandler(action, fn);
      } catch {
        // An action this browser does not know.
      }
    };
    set('play', () => ref.current.play());
    set('pause', () => ref.current.pause());
    set('seekbackward', () => ref.current.jump(-10));
    set('seekforward', () => ref.current.jump(10));
    set('nexttrack', canZap ? () => ref.current.zap?.(1) : null);
    set('previoustrack', canZap ? () => ref.current.zap?.(-1) : null);
    return () => {
      for (const action of ['play', 'pause', 'seekbackward', 'seekforward', 'nexttrack', 'previoustrack'] as const)
        set(action, null);
      session.metadata = null;
    };
  }, [canZap]);
}
