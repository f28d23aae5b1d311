import type { SyntheticEvent } from 'react';

/**
 * An img's onError for pictures the catalogue points at elsewhere (an imported guide's
 * programme images are often gone): the picture is hidden, so its box's placeholder shows
 * instead of the browser's broken-image sign. Give the img `key={src}` so a new picture in
 * the same place starts visible.
 */
export function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.visibility = 'hidden';
}
