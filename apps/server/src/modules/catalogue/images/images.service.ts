import { notFound } from '../../../platform/errors';
import type { CatalogueService } from '../catalogue.service';
import type { GuideRepository } from '../guide.repository';
import type { RemoteImageOwner } from './remote-image-url';
import { drawArt, drawOperatorLogo, drawRatingLogo, type ArtShape } from './svg';

export type ImageKind = 'channel' | 'film' | 'series' | 'episode' | 'event' | 'genre';

/** Draws the artwork of catalogue items from their titles. */
export class ImagesService {
  constructor(
    private readonly operatorName: string,
    private readonly catalogue: CatalogueService,
    private readonly guide: GuideRepository,
  ) {}

  private async titleOf(kind: ImageKind, id: number): Promise<{ title: string; caption: string }> {
    const ref = await this.catalogue.reference.get();
    switch (kind) {
      case 'channel': {
        const c = ref.channelById.get(id);
        return c ? { title: c.name, caption: '' } : { title: '', caption: '' };
      }
      case 'genre':
        return { title: ref.genreById.get(id)?.name ?? '', caption: '' };
      case 'film': {
        const f = await this.catalogue.repo.filmById(id);
        return { title: f?.title.replace(/%/g, '') ?? '', caption: f ? String(f.year) : '' };
      }
      case 'series': {
        const s = await this.catalogue.repo.seriesById(id);
        return { title: s?.title ?? '', caption: 'Serie' };
      }
      case 'episode': {
        const [e] = await this.catalogue.repo.episodesByIds([id]);
        const s = e ? await this.catalogue.repo.seriesById(e.seriesId) : undefined;
        return { title: s?.title ?? '', caption: e ? `T${e.seasonNumber} E${e.episodeNumber} · ${e.title}` : '' };
      }
      case 'event': {
        const e = await this.guide.eventById(id);
        return { title: e?.title.replace(/%/g, '') ?? '', caption: e?.subtitle ?? '' };
      }
    }
  }

  async art(kind: ImageKind, id: number, shape: ArtShape): Promise<string> {
    const { title, caption } = await this.titleOf(kind, id);
    if (!title) throw notFound('No existe esa imagen.');
    // Programmes that share a title share their picture, so a daily show looks the same every day.
    const key = kind === 'event' ? `event:${title}` : `${kind}:${id}`;
    return drawArt(shape, key, title, shape === 'logo' ? '' : caption);
  }

  /** The pictures an item holds now (a channel's logo; a programme's image and poster): the only ones fetched for it. */
  async remoteSources(owner: RemoteImageOwner, id: number): Promise<(string | null)[]> {
    if (owner === 'channel') return [(await this.catalogue.reference.get()).channelById.get(id)?.logoUrl ?? null];
    const event = await this.guide.eventById(id);
    return event ? [event.imageUrl, event.posterUrl] : [];
  }

  operator(type: 3001 | 3002): string {
    return drawOperatorLogo(type, this.operatorName);
  }

  rating(rating: string): string {
    return drawRatingLogo(rating);
  }
}
