import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIAL_WAIT_MS } from './channel-dial';
import { useChannelDial } from './use-channel-dial';

const CHANNELS = [
  { id: 1, number: 1, name: 'Pantalla Uno' },
  { id: 2, number: 2, name: 'Pantalla Dos' },
  { id: 14, number: 12, name: 'Cine Acción' },
];

const press = (key: string, target: EventTarget = document.body) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

describe('typing a channel number in the player', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function mount(enabled = true) {
    const goTo = vi.fn(() => true);
    const hook = renderHook(({ channelId }) => useChannelDial(enabled, CHANNELS, channelId, goTo), {
      initialProps: { channelId: 1 as number | null },
    });
    return { goTo, hook };
  }

  it('tunes the channel whose dial number is 12 after 1 and 2, showing it while typing', () => {
    const { goTo, hook } = mount();
    press('1');
    press('2');
    expect(hook.result.current.digits).toBe('12');
    expect(hook.result.current.match?.name).toBe('Cine Acción');
    expect(goTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(DIAL_WAIT_MS));
    expect(goTo).toHaveBeenCalledWith(14);
    expect(hook.result.current.digits).toBe('');
  });

  it('says so when no channel has the number, and tunes nothing', () => {
    const { goTo, hook } = mount();
    press('3');
    press('5');
    press('Enter');
    expect(goTo).not.toHaveBeenCalled();
    expect(hook.result.current.missing).toBe(35);
  });

  it('goes back to the channel watched before with Backspace', () => {
    const { goTo, hook } = mount();
    press('Backspace');
    expect(goTo).not.toHaveBeenCalled();
    hook.rerender({ channelId: 2 });
    press('Backspace');
    expect(goTo).toHaveBeenLastCalledWith(1);
  });

  it('leaves keys typed in a field alone, and does nothing when not live', () => {
    const { goTo } = mount();
    const input = document.createElement('input');
    document.body.append(input);
    press('2', input);
    act(() => vi.advanceTimersByTime(DIAL_WAIT_MS));
    expect(goTo).not.toHaveBeenCalled();
    input.remove();
    const off = mount(false);
    press('2');
    act(() => vi.advanceTimersByTime(DIAL_WAIT_MS));
    expect(off.goTo).not.toHaveBeenCalled();
  });
});
