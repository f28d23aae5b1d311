import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ShakaAdapter } from '../adapter/shaka-adapter';
import type { useLive } from './use-live';
import { useTransport } from './use-transport';

const adapterAt = (currentTime: number) => {
  const seek = vi.fn();
  const adapter = { seek, getSnapshot: () => ({ currentTime }) } as unknown as ShakaAdapter;
  return { adapter, seek };
};
const live = { controls: null, seek: vi.fn() } as unknown as ReturnType<typeof useLive>;

describe('useTransport', () => {
  it('seeks anywhere when skipping ahead is allowed', () => {
    const { adapter, seek } = adapterAt(10);
    const { result } = renderHook(() => useTransport(adapter, live, false));
    result.current.seek(500);
    result.current.jump(10);
    expect(seek.mock.calls).toEqual([[500], [20]]);
  });

  it("keeps a recording's seeks behind the furthest point watched when its channel forbids skipping ahead", () => {
    const { adapter, seek } = adapterAt(100);
    const furthest = { current: 120 };
    const { result } = renderHook(() => useTransport(adapter, live, false, furthest));
    result.current.seek(500);
    result.current.seek(30);
    result.current.jump(10);
    result.current.jump(30);
    expect(seek.mock.calls).toEqual([[120], [30], [110], [120]]);
  });
});
