import { describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { render } from '@testing-library/react';
import { useWheelPaging, type WheelPaging } from './use-wheel-paging';

function Harness(props: WheelPaging) {
  const ref = useRef<HTMLDivElement>(null);
  useWheelPaging(ref, props);
  return <div ref={ref} data-testid="root" />;
}

function wheel(target: Element, deltaY: number, deltaX = 0): WheelEvent {
  const event = new WheelEvent('wheel', { deltaY, deltaX, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe('useWheelPaging', () => {
  const base = { firstRow: 10, perPage: 10, count: 35, overlayOpen: false };

  it('turns one page per notch, down and up, and keeps the page from scrolling', () => {
    const onFirstRowChange = vi.fn();
    const { getByTestId } = render(<Harness {...base} onFirstRowChange={onFirstRowChange} />);
    const event = wheel(getByTestId('root'), 100);
    expect(event.defaultPrevented).toBe(true);
    expect(onFirstRowChange).toHaveBeenLastCalledWith(20);
  });

  it('goes up to the previous page, never below the first channel', () => {
    const onFirstRowChange = vi.fn();
    const { getByTestId } = render(<Harness {...base} firstRow={4} onFirstRowChange={onFirstRowChange} />);
    wheel(getByTestId('root'), -100);
    expect(onFirstRowChange).toHaveBeenLastCalledWith(0);
  });

  it('stays on the last page and ignores small or sideways wheels', () => {
    const onFirstRowChange = vi.fn();
    const { getByTestId } = render(<Harness {...base} firstRow={30} onFirstRowChange={onFirstRowChange} />);
    wheel(getByTestId('root'), 100);
    expect(onFirstRowChange).not.toHaveBeenCalled();
    const sideways = wheel(getByTestId('root'), 10, 200);
    expect(sideways.defaultPrevented).toBe(false);
  });

  it('does nothing while the overlay is open', () => {
    const onFirstRowChange = vi.fn();
    const { getByTestId } = render(<Harness {...base} overlayOpen onFirstRowChange={onFirstRowChange} />);
    const event = wheel(getByTestId('root'), 100);
    expect(event.defaultPrevented).toBe(false);
    expect(onFirstRowChange).not.toHaveBeenCalled();
  });
});
