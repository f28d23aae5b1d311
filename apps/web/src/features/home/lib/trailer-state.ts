import type { CatalogueItem } from '@pantalla/contracts';

/** Spec trailer state per item: 0 none, 1 to play, 2 played (or none any more). */
export type TrailerState = 0 | 1 | 2;

export function initialTrailerState(item: CatalogueItem): TrailerState {
  return item.type === 'movie' && item.hasTrailer ? 1 : 0;
}

/** State after the trailer ends (or fails): 2, so it is not offered again in this visit. */
export function trailerDone(): TrailerState {
  return 2;
}
