import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../lib/i18n';
import type { PinAnswer } from '../hooks/use-playback';
import { PinModal } from './pin-modal';

beforeEach(async () => {
  await setLanguage('es');
});

function renderModal(answers: PinAnswer[], wrong = false) {
  const onSubmit = vi.fn(async (): Promise<PinAnswer> => answers.shift() ?? 'ok');
  render(<PinModal open wrong={wrong} onSubmit={onSubmit} onCancel={() => undefined} />);
  return { onSubmit, input: screen.getByLabelText('PIN parental') };
}

describe('PinModal', () => {
  it('says the connection failed, not that the PIN was wrong, when the check got no answer', async () => {
    const { input } = renderModal(['offline']);
    await userEvent.type(input, '1234');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se ha podido comprobar el PIN: no hay conexión',
    );
    expect(screen.queryByText(/incorrecto/)).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('says the check failed on a server error; a later answer replaces the message', async () => {
    const { input, onSubmit } = renderModal(['failed', 'blocked']);
    await userEvent.type(input, '1234');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se ha podido comprobar el PIN. Por favor, inténtalo más tarde.',
    );
    await userEvent.type(input, '5678');
    expect((await screen.findByRole('alert')).textContent).toContain('Demasiados intentos');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('shows the spec’s wrong-PIN text only when the server said the PIN was wrong', () => {
    renderModal([], true);
    expect(screen.getByRole('alert').textContent).toContain(
      'El PIN parental que has introducido es incorrecto. Por favor, inténtalo de nuevo',
    );
  });
});
