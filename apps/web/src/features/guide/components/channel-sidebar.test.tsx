import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../lib/i18n';
import type { GuideChannel } from '../lib/programme';
import { ChannelSidebar } from './channel-sidebar';

const channels: GuideChannel[] = [1, 2].map((id) => ({
  id,
  name: `Canal ${id}`,
  number: id,
  logo: `/logos/${id}.png`,
  catchupHours: 0,
  deliveryURL: null,
  adult: false,
  groupId: 1,
}));

/** The column with stars, toggled in memory as the guide's query would. */
function Column() {
  const [favourites, setFavourites] = useState<ReadonlySet<number>>(new Set([2]));
  const onToggle = (id: number) =>
    setFavourites((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return <ChannelSidebar pageChannels={channels} page={1} pages={1} stars={{ favourites, onToggle }} />;
}

describe('the guide’s channel stars (issue 30)', () => {
  beforeAll(async () => {
    await setLanguage('es');
  });

  it('names each star by its channel, says whether it is pressed, and toggles by click and keyboard', async () => {
    const user = userEvent.setup();
    render(<Column />);
    const first = screen.getByRole('button', { name: 'Añadir Canal 1 a favoritos' });
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Quitar Canal 2 de favoritos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(first);
    expect(screen.getByRole('button', { name: 'Quitar Canal 1 de favoritos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    screen.getByRole('button', { name: 'Quitar Canal 2 de favoritos' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Añadir Canal 2 a favoritos' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('draws no star when the guide gives none', () => {
    render(<ChannelSidebar pageChannels={channels} page={1} pages={1} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
