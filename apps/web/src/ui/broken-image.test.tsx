import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { hideBrokenImage } from './broken-image';

describe('hideBrokenImage', () => {
  it('hides a picture that failed, and a new picture keyed by its address starts visible', () => {
    const picture = (src: string) => <img key={src} src={src} alt="" onError={hideBrokenImage} />;
    const { container, rerender } = render(picture('https://img.example/gone.png'));
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect((container.querySelector('img') as HTMLImageElement).style.visibility).toBe('hidden');
    rerender(picture('/api/v1/images/event/1/landscape'));
    expect((container.querySelector('img') as HTMLImageElement).style.visibility).toBe('');
  });
});
