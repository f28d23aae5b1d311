import { PARENTAL_RESTRICTED, type CatalogueItem, type Episode, type Film } from '@pantalla/contracts';
import { cutvLink, liveLink, serieLink, vodLink } from '../../../lib/player-links';
import { timeState } from './item-model';

/**
 * Where Play leads for an item, through the shared player codec: channels and airing
 * events play live, ended events with catch-up as CUTV, films as VOD, episodes as SERIE;
 * a programme that has not started and a series (which plays per episode) have no Play.
 */
export function playHref(item: CatalogueItem, now: number): string | null {
  switch (item.type) {
    case 'channel':
      return liveLink({ channelId: item.id, title: item.name, parental: item.parental, start: now, adult: item.adult });
    case 'event': {
      const state = timeState(item, now);
      const adult = item.parental === PARENTAL_RESTRICTED;
      if (state.live)
        return liveLink({
          channelId: item.channelId,
          title: item.title,
          parental: item.parental,
          start: item.startTime,
          adult,
        });
      if (state.ended && item.format === 'CUTV')
        return cutvLink({
          eventId: item.id,
          title: item.title,
          parental: item.parental,
          channelId: item.channelId,
          start: item.startTime,
          adult,
        });
      return null;
    }
    case 'movie':
      return filmPlayHref(item);
    case 'episode':
      return episodePlayHref(item);
    default:
      return null;
  }
}

/** A film from its keep-watching position (null position). */
export function filmPlayHref(film: Film): string {
  return vodLink({
    contentId: film.id,
    title: film.title,
    parental: film.parental,
    position: null,
    adult: film.parental === PARENTAL_RESTRICTED,
  });
}

export function episodePlayHref(episode: Episode): string {
  return serieLink({
    episodeId: episode.id,
    title: episode.title,
    parental: episode.parental,
    serieId: episode.seriesId,
    season: episode.seasonNumber,
  });
}
