import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { zapWithinState } from '../../../lib/zap-within';
import { useZapWithin } from './use-zap-within';

const at = (state: unknown) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[{ pathname: '/emplayer/x', state }]}>{children}</MemoryRouter>;
  };

describe('useZapWithin', () => {
  it("reads a filtered guide's channels from the history entry, keeping one identity across renders", () => {
    const { result, rerender } = renderHook(() => useZapWithin(), { wrapper: at(zapWithinState([30, 31, 61])) });
    const first = result.current;
    expect(first).toEqual([30, 31, 61]);
    rerender();
    expect(result.current).toBe(first);
  });

  it('is the whole lineup (null) when opened elsewhere', () => {
    const { result } = renderHook(() => useZapWithin(), { wrapper: at(undefined) });
    expect(result.current).toBeNull();
  });
});
