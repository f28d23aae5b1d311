import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRenderedReach } from './use-rendered-reach';

describe('useRenderedReach', () => {
  it('renders up to what is wanted, never past the row, and keeps what it rendered when the row pages back', () => {
    const { result, rerender } = renderHook(({ count, wanted }) => useRenderedReach(count, wanted), {
      initialProps: { count: 300, wanted: 21 },
    });
    expect(result.current).toBe(21);
    rerender({ count: 300, wanted: 42 });
    expect(result.current).toBe(42);
    rerender({ count: 300, wanted: 21 });
    expect(result.current).toBe(42);
    rerender({ count: 300, wanted: 400 });
    expect(result.current).toBe(300);
  });

  it('renders a short row whole', () => {
    const { result } = renderHook(() => useRenderedReach(14, 21));
    expect(result.current).toBe(14);
  });

  it('shrinks with the row when its items go (a removed bookmark)', () => {
    const { result, rerender } = renderHook(({ count }) => useRenderedReach(count, 21), {
      initialProps: { count: 14 },
    });
    rerender({ count: 13 });
    expect(result.current).toBe(13);
  });
});
