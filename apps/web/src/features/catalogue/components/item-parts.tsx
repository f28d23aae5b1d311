import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogueItem, Credit } from '@pantalla/contracts';
import { formatClock, formatDateTime } from '../../../lib/date';
import { buyOffer, offerTerms, ownedLabelKey } from '../lib/buy-link';
import { detailHref, durationMinutes, itemTitle, timeState } from '../lib/item-model';
import { playHref } from '../lib/play-link';
import { useProducts } from '../api/get-items';
import './details.css';

/** Spec: cast shows its first 11 (guide/detail), 6 in the simple panel. */
export const CAST_DETAIL = 11;
export const CAST_SIMPLE_PANEL = 6;

export interface MetaFacts {
  year?: number | null;
  country?: string | null;
  minutes?: number | null;
  ratingLogo?: string | null;
  seasons?: number | null;
}

/** Facts of an item in one line: year · country · duration · seasons · rating logo. */
export function ItemMeta({ facts, extra }: { facts: MetaFacts; extra?: string | null }) {
  const { t } = useTranslation('browse');
  const parts = [
    extra ?? null,
    facts.year ? String(facts.year) : null,
    facts.country || null,
    facts.minutes ? t('meta.minutes', { count: facts.minutes }) : null,
    facts.seasons ? t('meta.seasons', { count: facts.seasons }) : null,
  ].filter((p): p is string => Boolean(p));
  return (
    <p className="item-meta">
      {parts.map((part, i) => (
        <span key={i} className="item-meta__part">
          {part}
        </span>
      ))}
      {facts.ratingLogo ? (
        <img className="item-meta__rating" src={facts.ratingLogo} alt={t('meta.rating')} width="28" height="28" />
      ) : null}
    </p>
  );
}

/** The facts a catalogue item carries itself. */
export function factsOf(item: CatalogueItem): MetaFacts {
  switch (item.type) {
    case 'movie':
      return {
        year: item.year,
        country: item.countryOfOrigin,
        minutes: durationMinutes(item),
        ratingLogo: item.rating_logo,
      };
    case 'show':
      return { year: item.year, country: item.countryOfOrigin, seasons: item.seasonCount };
    case 'episode':
    case 'event':
      return { minutes: durationMinutes(item) };
    default:
      return {};
  }
}

/** When an event airs: 'd mon yyyy - hh:mmh – hh:mm'. */
export function airingText(item: CatalogueItem): string | null {
  if (item.type !== 'event') return null;
  return `${formatDateTime(item.startTime)} – ${formatClock(item.endTime)}`;
}

export function directorOf(credits: readonly Credit[]): string | null {
  return credits.find((c) => c.role === 'director')?.name ?? null;
}

/** The first `limit` actors. */
export function CastList({
  names,
  limit,
  headingLevel = 3,
}: {
  names: readonly string[];
  limit: number;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('browse');
  const shown = names.slice(0, limit);
  if (shown.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="cast">
      <Heading className="cast__title">{t('meta.cast')}</Heading>
      <ul className="cast__list">
        {shown.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </div>
  );
}

export function actorsOf(credits: readonly Credit[]): string[] {
  return credits.filter((c) => c.role === 'actor').map((c) => c.name);
}

/**
 * Play (through the player codec), Buy (through the purchase codec) or the owned label,
 * and a link to the program detail unless we are on it.
 */
export function ItemActions({
  item,
  now,
  showMoreInfo = true,
  showOwnedLabel = false,
}: {
  item: CatalogueItem;
  now: number;
  showMoreInfo?: boolean;
  showOwnedLabel?: boolean;
}) {
  const { t } = useTranslation('browse');
  const products = useProducts();
  const offer = buyOffer(item, products.data?.ppvSubsProducts);
  const play = item.access.owned ? playHref(item, now) : null;
  const state = timeState(item, now);
  const title = itemTitle(item);
  // WCAG 2.5.3: the spoken name starts with the words on the button.
  const live = item.type === 'channel' || state.live;
  return (
    <div className="item-actions">
      {play ? (
        <Link
          className="btn btn--primary item-actions__play"
          to={play}
          aria-label={t(live ? 'actions.watchLiveTitle' : 'actions.playTitle', { title })}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
          <span>{live ? t('actions.watchLive') : t('actions.play')}</span>
        </Link>
      ) : null}
      {item.type === 'event' && !state.started ? (
        <span className="item-actions__note">{t('actions.upcoming')}</span>
      ) : null}
      {offer ? (
        <Link
          className="btn btn--secondary item-actions__buy"
          to={offer.href}
          state={{ returnTo: playHref(item, now) ?? detailHref(item) }}
          aria-label={t('actions.buyTitle', { title, price: offerTerms(offer, t) })}
        >
          <span>{t('actions.buy')}</span>
          <span className="item-actions__price">{offerTerms(offer, t)}</span>
        </Link>
      ) : null}
      {showOwnedLabel && item.access.owned ? (
        <span className="owned-label">{t(ownedLabelKey(item, products.data?.ppvSubsProducts))}</span>
      ) : null}
      {showMoreInfo ? (
        <Link className="btn btn--ghost" to={detailHref(item)} aria-label={t('actions.moreInfoTitle', { title })}>
          <span>{t('actions.moreInfo')}</span>
        </Link>
      ) : null}
    </div>
  );
}
