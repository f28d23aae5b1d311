import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const preloadPlayer = vi.fn(() => Promise.resolve());
vi.mock('../../features/player/preload', () => ({ preloadPlayer }));
const { usePlayerPreload } = await import('./use-player-preload');

function link(href: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.innerHTML = '<span>Reproducir</span>';
  document.body.append(a);
  return a;
}

describe('usePlayerPreload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    preloadPlayer.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('loads the player when a play link is pointed at, once', () => {
    const { unmount } = renderHook(() => usePlayerPreload());
    link('/detail/content/1').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preloadPlayer).not.toHaveBeenCalled();
    const play = link('/emplayer/abc');
    play.querySelector('span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    play.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    vi.advanceTimersByTime(10_000);
    expect(preloadPlayer).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('loads it when the browser is idle a few seconds after the screen opened', () => {
    const { unmount } = renderHook(() => usePlayerPreload());
    vi.advanceTimersByTime(2900);
    expect(preloadPlayer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5200);
    expect(preloadPlayer).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('does nothing once the screen is gone', () => {
    const { unmount } = renderHook(() => usePlayerPreload());
    unmount();
    link('/emplayer/abc').dispatchEvent(new Event('pointerover', { bubbles: true }));
    vi.advanceTimersByTime(10_000);
    expect(preloadPlayer).not.toHaveBeenCalled();
  });
});
