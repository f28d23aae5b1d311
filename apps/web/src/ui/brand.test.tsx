import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ChannelLogo, nameFit } from './brand';

describe('ChannelLogo', () => {
  it('shows the picture, and the channel name in its box once the picture fails', () => {
    const { container } = render(
      <ChannelLogo className="guide-overlay__logo" src="https://img.example/gone.png" name="Canal Importado" />,
    );
    const img = screen.getByRole('img', { name: 'Canal Importado' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    const named = screen.getByRole('img', { name: 'Canal Importado' });
    expect(named.tagName).toBe('SPAN');
    expect(named.textContent).toBe('Canal Importado');
    expect(named.className).toBe('guide-overlay__logo channel-logo--name');
    expect(container.querySelector('img')).toBeNull();
  });

  it('as decoration (the guide names the channel beside it) stays out of the accessibility tree', () => {
    const { container } = render(
      <ChannelLogo
        className="guide-channel__logo"
        src="https://img.example/gone.png"
        name="Canal Importado"
        decorative
      />,
    );
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('span.channel-logo--name')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('ChannelLogo beside the name', () => {
  it('is left out once the picture fails: the name is written next to it', () => {
    const { container } = render(
      <ChannelLogo
        className="calendar-event__logo"
        src="https://img.example/gone.png"
        name="Canal Importado"
        nameBeside
      />,
    );
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('alt')).toBe('');
    fireEvent.error(img);
    expect(container.innerHTML).toBe('');
  });
});

describe('a name tile', () => {
  it('before layout, shrinks the text by its longest word, never below half', () => {
    expect(nameFit('La 1')).toBe(1);
    expect(nameFit('Cuatro HD')).toBe(1);
    expect(nameFit('Televisión Autonómica')).toBe(0.7);
    expect(nameFit('Telebilbaoaldíaentodomomento')).toBe(0.5);
    expect(nameFit('')).toBe(1);
  });

  it('carries the fit to the name it shows', () => {
    const { container } = render(<ChannelLogo src="https://img.example/gone.png" name="Televisión Autonómica" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    const text = container.querySelector('.channel-logo__name') as HTMLElement;
    expect(text.textContent).toBe('Televisión Autonómica');
    expect(text.style.getPropertyValue('--name-fit')).toBe('0.7');
  });
});
