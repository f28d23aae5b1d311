import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { LanguageToggle } from './language-toggle';

describe('LanguageToggle', () => {
  afterEach(() => setLanguage('es'));

  it('switches, shows the choice pressed and tells the account once the tables are here', async () => {
    const chosen = vi.fn();
    render(<LanguageToggle onChosen={chosen} />);
    fireEvent.click(screen.getByRole('button', { name: 'DE' }));
    await waitFor(() => expect(chosen).toHaveBeenCalledWith('de'));
    expect(screen.getByRole('button', { name: 'DE' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'ES' }).getAttribute('aria-pressed')).toBe('false');
  });
});
