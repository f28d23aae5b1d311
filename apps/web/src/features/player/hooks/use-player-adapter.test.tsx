import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type * as ShakaModule from '../adapter/shaka-adapter';
import { usePlayerAdapter, type StartFailure } from './use-player-adapter';

/** The adapter as this hook sees it: whether Shaka runs here, attach, destroy. */
const shaka = vi.hoisted(() => ({
  isSupported: vi.fn<() => Promise<boolean>>(),
  attach: vi.fn<() => Promise<void>>(),
  destroy: vi.fn<() => Promise<void>>(),
}));

vi.mock('../adapter/shaka-adapter', async (original) => {
  const actual = await original<typeof ShakaModule>();
  class FakeAdapter {
    static isSupported = shaka.isSupported;
    attach = shaka.attach;
    destroy = shaka.destroy;
    subscribe = () => () => undefined;
    getSnapshot = () => actual.INITIAL_SNAPSHOT;
  }
  return { ...actual, ShakaAdapter: FakeAdapter };
});
vi.mock('../qoe/use-qoe', () => ({ useQoe: () => undefined }));

function mount() {
  const onStartFailure = vi.fn<(failure: StartFailure) => void>();
  const video = { current: document.createElement('video') };
  const text = { current: document.createElement('div') };
  const hook = renderHook(() =>
    usePlayerAdapter(video, text, { onError: () => undefined, onStartFailure }, { itemType: 'LIVE', itemId: 1 }),
  );
  return { ...hook, onStartFailure };
}

beforeEach(() => {
  vi.resetAllMocks();
  shaka.destroy.mockResolvedValue(undefined);
});

describe('usePlayerAdapter', () => {
  it('attaches a supported player and hands it to the screen', async () => {
    shaka.isSupported.mockResolvedValue(true);
    shaka.attach.mockResolvedValue(undefined);
    const { result, onStartFailure } = mount();
    await waitFor(() => expect(result.current.adapter).not.toBeNull());
    expect(onStartFailure).not.toHaveBeenCalled();
  });

  it('says the browser is unsupported when Shaka says so', async () => {
    shaka.isSupported.mockResolvedValue(false);
    const { onStartFailure } = mount();
    await waitFor(() => expect(onStartFailure).toHaveBeenCalledWith({ source: 'unsupported' }));
    expect(shaka.attach).not.toHaveBeenCalled();
  });

  it('a player whose code did not download is told to the viewer, not lost', async () => {
    shaka.isSupported.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const { result, onStartFailure } = mount();
    await waitFor(() => expect(onStartFailure).toHaveBeenCalledWith({ source: 'player-start', stage: 'download' }));
    expect(result.current.adapter).toBeNull();
  });

  it('a failed attach is told to the viewer and the half-made player is destroyed', async () => {
    shaka.isSupported.mockResolvedValue(true);
    shaka.attach.mockRejectedValue(new Error('MediaSource unavailable'));
    const { result, onStartFailure } = mount();
    await waitFor(() => expect(onStartFailure).toHaveBeenCalledWith({ source: 'player-start', stage: 'attach' }));
    expect(shaka.destroy).toHaveBeenCalled();
    expect(result.current.adapter).toBeNull();
  });

  it('says nothing once the screen has gone', async () => {
    let fail: (error: Error) => void = () => undefined;
    shaka.isSupported.mockResolvedValue(true);
    shaka.attach.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)));
    const { unmount, onStartFailure } = mount();
    await waitFor(() => expect(shaka.attach).toHaveBeenCalled());
    unmount();
    fail(new Error('aborted'));
    await waitFor(() => expect(shaka.destroy).toHaveBeenCalled());
    expect(onStartFailure).not.toHaveBeenCalled();
  });
});
