import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowErrorBoundary } from './row-error-boundary';

function Broken(): never {
  throw new Error('bad item');
}

describe('RowErrorBoundary', () => {
  it('shows the fallback for a row that throws and leaves its siblings', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <RowErrorBoundary fallback={<p>fila rota</p>}>
          <Broken />
        </RowErrorBoundary>
        <RowErrorBoundary fallback={<p>no</p>}>
          <p>fila sana</p>
        </RowErrorBoundary>
      </>,
    );
    expect(screen.getByText('fila rota')).toBeTruthy();
    expect(screen.getByText('fila sana')).toBeTruthy();
    spy.mockRestore();
  });
});
