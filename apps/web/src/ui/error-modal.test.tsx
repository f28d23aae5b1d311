import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../lib/i18n';
import { ErrorModal } from './error-modal';
import { ExceededSessionsModal } from './exceeded-sessions-modal';

describe('ErrorModal', () => {
  it('is a labelled modal dialog with the internal-error title by default', () => {
    render(<ErrorModal open canDismiss canRetry={false} details="Detalle" onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Error interno' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Detalle');
  });

  it('renders nothing when closed', () => {
    render(<ErrorModal open={false} canDismiss canRetry={false} onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes it when dismissable', async () => {
    const onClose = vi.fn();
    render(<ErrorModal open title="Ups" canDismiss canRetry={false} onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('Escape does nothing and there is no close button when not dismissable', async () => {
    const onClose = vi.fn();
    render(<ErrorModal open canDismiss={false} canRetry onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
  });

  it('retry calls onRetry; close calls onClose', async () => {
    const onRetry = vi.fn();
    const onClose = vi.fn();
    render(<ErrorModal open canDismiss canRetry onClose={onClose} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('moves focus inside and traps Tab', async () => {
    render(<ErrorModal open canDismiss canRetry onClose={() => {}} onRetry={() => {}} />);
    const retry = screen.getByRole('button', { name: 'Reintentar' });
    const close = screen.getByRole('button', { name: 'Cerrar' });
    expect(document.activeElement).toBe(retry);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab();
    expect(document.activeElement).toBe(retry);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });
});

describe('ExceededSessionsModal', () => {
  it('asks the spec question; Sí answers 1, No answers 2, Escape answers 2', async () => {
    const onAnswer = vi.fn();
    render(<ExceededSessionsModal open onAnswer={onAnswer} />);
    expect(screen.getByRole('alertdialog', { name: 'Número de sesiones simultáneas excedido.' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sí' }));
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await userEvent.keyboard('{Escape}');
    expect(onAnswer.mock.calls).toEqual([[1], [2], [2]]);
  });
});
