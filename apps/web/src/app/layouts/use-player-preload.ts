import { useEffect } from 'react';
// The preload's own module: the player's index would bring the adapter into the home's first chunks.
import { preloadPlayer } from '../../features/player';
import { afterIdle } from './after-idle';

/** Links that open the player: /emplayer/, and the older addresses that redirect to it. */
const PLAY_LINK = 'a[href^="/emplayer/"], a[href^="/player/"], a[href^="/cuplayer/"]';

/**
 * Loads the player's code before the first play: when the browser is idle a few seconds
 * after the screen opened, or at once when a play link is pointed at, touched or focused.
 */
export function usePlayerPreload(): void {
  useEffect(() => {
    let done = false;
    const preload = () => {
      if (done) return;
      done = true;
      remove();
      preloadPlayer().catch(() => {
        // The play itself loads it again and reports what fails.
        done = false;
      });
    };
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(PLAY_LINK)) preload();
    };
    const kinds = ['pointerover', 'touchstart', 'focusin'] as const;
    for (const kind of kinds) document.addEventListener(kind, onIntent, { passive: true, capture: true });
    const cancelIdle = afterIdle(preload);
    function remove() {
      for (const kind of kinds) document.removeEventListener(kind, onIntent, { capture: true });
      cancelIdle();
    }
    return remove;
  }, []);
}
