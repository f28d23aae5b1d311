import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogueItem } from '@pantalla/contracts';
import { buyOffer } from '../cards/buy-link';
import { detailHref, itemKey, itemTitle, stillUrl, timeState } from '../cards/item-model';
import { playHref } from '../cards/play-link';
import { useProducts } from '../details/api/get-items';
import { airingText, factsOf, ItemMeta } from '../details/item-parts';
import { useNow } from '../rows/use-now';
import { TrailerPlayer } from './trailer-player';
import { initialTrailerState, trailerDone, type TrailerState } from './trailer-state';
import { truncateCarouselDescription } from './truncate-description';
import { useAutoplay } from './use-autoplay';
import './carousel.css';

export interface FeaturedCarouselProps {
  title: string;
  items: readonly CatalogueItem[];
}

function descriptionOf(item: CatalogueItem): string {
  if (item.type === 'channel') return item.description;
  if (item.type === 'event') return item.description || item.subtitle;
  return item.description;
}

/**
 * The featured carousel: advances every 4000 ms; a trailer (state 1) plays muted with a
 * toggle and pauses the carousel, its end sets state 2 and resumes it. The user can pause
 * it too, and it holds still while keyboard focus is inside.
 */
export function FeaturedCarousel({ title, items }: FeaturedCarouselProps) {
  const { t } = useTranslation('browse');
  const now = useNow();
  const products = useProducts();
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [trailerStates, setTrailerStates] = useState<Record<string, TrailerState>>({});
  const [playing, setPlaying] = useState<string | null>(null);
  const [muted, setMuted] = useState(true);
  const count = items.length;
  const current = count > 0 ? index % count : 0;
  const advance = useCallback(() => setIndex((i) => (i + 1) % Math.max(1, count)), [count]);
  useAutoplay({ index: current, running: count > 1 && !userPaused && !focusInside && playing === null, advance });

  if (count === 0) return null;
  const stateOf = (item: CatalogueItem) => trailerStates[itemKey(item)] ?? initialTrailerState(item);
  const endTrailer = (key: string) => {
    setTrailerStates((s) => ({ ...s, [key]: trailerDone() }));
    setPlaying(null);
  };
  const go = (next: number) => {
    if (playing) endTrailer(playing);
    setIndex(((next % count) + count) % count);
  };

  return (
    <section
      className="carousel"
      aria-roledescription={t('carousel.roledescription')}
      aria-label={title}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      <div className="carousel__slides" aria-live={userPaused || focusInside ? 'polite' : 'off'}>
        {items.map((item, i) => {
          const key = itemKey(item);
          const active = i === current;
          const still = stillUrl(item, 'large');
          const offer = buyOffer(item, products.data?.ppvSubsProducts);
          const play = item.access.owned ? playHref(item, now) : null;
          const trailer = stateOf(item);
          const live = timeState(item, now).live && item.type === 'event';
          const itemName = itemTitle(item);
          return (
            <div
              key={key}
              className={`carousel__slide${active ? ' carousel__slide--active' : ''}`}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideOf', { n: i + 1, total: count, title: itemName })}
              aria-hidden={!active}
              inert={!active}
            >
              {still ? (
                <img className="carousel__art" src={still} alt="" loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} decoding="async" />
              ) : null}
              {playing === key && item.type === 'movie' ? (
                <TrailerPlayer
                  className="carousel__video"
                  filmId={item.id}
                  muted={muted}
                  label={t('carousel.trailerOf', { title: itemName })}
                  onEnded={() => endTrailer(key)}
                  onError={(error) => {
                    console.warn('Trailer failed', error);
                    endTrailer(key);
                  }}
                />
              ) : null}
              <div className="carousel__shade" aria-hidden="true" />
              <div className="carousel__content">
                {live ? <span className="badge badge--live">{t('card.live')}</span> : null}
                <h2 className="carousel__title">{itemName}</h2>
                <ItemMeta facts={factsOf(item)} extra={airingText(item)} />
                <div className="carousel__offer">
                  {item.access.owned ? <span className="owned-label">{t('actions.owned')}</span> : offer ? <span className="carousel__price">{offer.priceLabel}</span> : null}
                </div>
                <p className="carousel__desc">{truncateCarouselDescription(descriptionOf(item))}</p>
                <div className="carousel__actions item-actions">
                  {play ? (
                    <Link className="btn btn--primary" to={play}>
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                        <path d="M8 5v14l11-7z" fill="currentColor" />
                      </svg>
                      <span>{live || item.type === 'channel' ? t('actions.watchLive') : t('actions.play')}</span>
                    </Link>
                  ) : null}
                  {offer ? (
                    <Link className="btn btn--primary" to={offer.href} aria-label={t('actions.buyTitle', { title: itemName, price: offer.priceLabel })}>
                      <span>{t('actions.buy')}</span>
                    </Link>
                  ) : null}
                  {trailer === 1 && playing !== key ? (
                    <button
                      type="button"
                      className="btn btn--secondary"
                      onClick={() => {
                        // Every trailer starts muted (spec), whatever the last one was left at.
                        setMuted(true);
                        setPlaying(key);
                      }}
                    >
                      <span>{t('carousel.watchTrailer')}</span>
                    </button>
                  ) : null}
                  {playing === key ? (
                    <>
                      <button type="button" className="btn btn--secondary" aria-pressed={!muted} onClick={() => setMuted((m) => !m)}>
                        <span>{muted ? t('trailer.unmute') : t('trailer.mute')}</span>
                      </button>
                      <button type="button" className="btn btn--ghost" onClick={() => endTrailer(key)}>
                        <span>{t('trailer.stop')}</span>
                      </button>
                    </>
                  ) : null}
                  <Link className="btn btn--ghost" to={detailHref(item)}>
                    <span>{t('actions.moreInfo')}</span>
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <div
        className="carousel__controls"
        onKeyDown={(event) => {
          // Arrow keys step through the highlights from any of the controls.
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          event.preventDefault();
          go(current + (event.key === 'ArrowRight' ? 1 : -1));
        }}
      >
        <button type="button" className="carousel__arrow" aria-label={t('carousel.previous')} onClick={() => go(current - 1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <div className="carousel__dots">
          {items.map((item, i) => (
            <button
              key={itemKey(item)}
              type="button"
              className="carousel__dot"
              aria-label={t('carousel.goTo', { n: i + 1, title: itemTitle(item) })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" className="carousel__arrow" aria-label={t('carousel.next')} onClick={() => go(current + 1)}>
          <span aria-hidden="true">›</span>
        </button>
        <button type="button" className="carousel__pause" aria-pressed={userPaused} onClick={() => setUserPaused((p) => !p)}>
          {userPaused ? t('carousel.resume') : t('carousel.pause')}
        </button>
      </div>
    </section>
  );
}
