import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogueItem } from '@pantalla/contracts';
import {
  buyOffer,
  offerTerms,
  ownedLabelKey,
  detailHref,
  itemKey,
  itemTitle,
  stillUrl,
  timeState,
  playHref,
  useProducts,
  airingText,
  factsOf,
  ItemMeta,
  useNow,
  useSwipe,
  TrailerPlayer,
} from '../../catalogue';
import { initialTrailerState, trailerDone, type TrailerState } from '../lib/trailer-state';
import { truncateCarouselDescription } from '../lib/truncate-description';
import { useAutoplay } from '../hooks/use-autoplay';
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
  const [chosen, setChosen] = useState(0);
  useAutoplay({
    index: current,
    running: count > 1 && !userPaused && !focusInside && playing === null,
    advance,
    chosen,
  });
  const sectionRef = useRef<HTMLElement>(null);
  const swipe = useSwipe((step) => setIndex((i) => (((i + step) % Math.max(1, count)) + count) % Math.max(1, count)));

  if (count === 0) return null;
  const stateOf = (item: CatalogueItem) => trailerStates[itemKey(item)] ?? initialTrailerState(item);
  const endTrailer = (key: string) => {
    setTrailerStates((s) => ({ ...s, [key]: trailerDone() }));
    setPlaying(null);
    // The trailer's buttons leave with it, taking the focus without a blur event.
    if (!sectionRef.current?.contains(document.activeElement)) setFocusInside(false);
  };
  const go = (next: number) => {
    if (playing) endTrailer(playing);
    setIndex(((next % count) + count) % count);
    setChosen((n) => n + 1);
  };

  return (
    <section
      ref={sectionRef}
      className="carousel"
      aria-roledescription={t('carousel.roledescription')}
      aria-label={title}
      // Keyboard focus holds the slide still; a mouse click on a button does not.
      onFocus={(event) => setFocusInside(event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      <div className="carousel__slides" aria-live={userPaused || focusInside ? 'polite' : 'off'} {...swipe}>
        {items.map((item, i) => {
          const key = itemKey(item);
          return (
            <CarouselSlide
              key={key}
              item={item}
              position={{ index: i, count, active: i === current }}
              now={now}
              offer={buyOffer(item, products.data?.ppvSubsProducts)}
              ownedLabel={ownedLabelKey(item, products.data?.ppvSubsProducts)}
              trailer={{
                state: stateOf(item),
                playing: playing === key,
                muted,
                // Every trailer starts muted (spec), whatever the last one was left at.
                play: () => {
                  setMuted(true);
                  setPlaying(key);
                },
                toggleMute: () => setMuted((m) => !m),
                end: () => endTrailer(key),
              }}
            />
          );
        })}
      </div>
      <CarouselControls items={items} current={current} paused={userPaused} onGo={go} onPausedChange={setUserPaused} />
    </section>
  );
}

interface SlideTrailer {
  state: TrailerState;
  playing: boolean;
  muted: boolean;
  play: () => void;
  toggleMute: () => void;
  end: () => void;
}

/** One highlight: its still (or trailer), title, facts, price and actions; hidden and inert unless active. */
function CarouselSlide({
  item,
  position,
  now,
  offer,
  ownedLabel,
  trailer,
}: {
  item: CatalogueItem;
  position: { index: number; count: number; active: boolean };
  now: number;
  offer: ReturnType<typeof buyOffer>;
  ownedLabel: ReturnType<typeof ownedLabelKey>;
  trailer: SlideTrailer;
}) {
  const { t } = useTranslation('browse');
  const { index, count, active } = position;
  const still = stillUrl(item, 'large');
  const live = timeState(item, now).live && item.type === 'event';
  const itemName = itemTitle(item);
  return (
    <div
      className={`carousel__slide${active ? ' carousel__slide--active' : ''}`}
      role="group"
      aria-roledescription={t('carousel.slide')}
      aria-label={t('carousel.slideOf', { n: index + 1, total: count, title: itemName })}
      aria-hidden={!active}
      inert={!active}
    >
      {still ? (
        <img
          className="carousel__art"
          src={still}
          alt=""
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
        />
      ) : null}
      {trailer.playing && item.type === 'movie' ? (
        <TrailerPlayer
          className="carousel__video"
          filmId={item.id}
          muted={trailer.muted}
          label={t('carousel.trailerOf', { title: itemName })}
          onEnded={trailer.end}
          onError={(error) => {
            console.warn('Trailer failed', error);
            trailer.end();
          }}
        />
      ) : null}
      <div className="carousel__shade" aria-hidden="true" />
      <div className="carousel__content">
        {live ? <span className="badge badge--live">{t('card.live')}</span> : null}
        <h2 className="carousel__title">{itemName}</h2>
        <ItemMeta facts={factsOf(item)} extra={airingText(item)} />
        <div className="carousel__offer">
          {item.access.owned ? (
            <span className="owned-label">{t(ownedLabel)}</span>
          ) : offer ? (
            <span className="carousel__price">{offerTerms(offer, t)}</span>
          ) : null}
        </div>
        <p className="carousel__desc">{truncateCarouselDescription(descriptionOf(item))}</p>
        <SlideActions item={item} now={now} live={live} offer={offer} trailer={trailer} />
      </div>
    </div>
  );
}

/** Play (or watch live), buy, the trailer's buttons and more information. */
function SlideActions({
  item,
  now,
  live,
  offer,
  trailer,
}: {
  item: CatalogueItem;
  now: number;
  live: boolean;
  offer: ReturnType<typeof buyOffer>;
  trailer: SlideTrailer;
}) {
  const { t } = useTranslation('browse');
  const play = item.access.owned ? playHref(item, now) : null;
  const itemName = itemTitle(item);
  return (
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
        <Link
          className="btn btn--primary"
          to={offer.href}
          state={{ returnTo: playHref(item, now) ?? detailHref(item) }}
          aria-label={t('actions.buyTitle', { title: itemName, price: offerTerms(offer, t) })}
        >
          <span>{t('actions.buy')}</span>
        </Link>
      ) : null}
      {trailer.state === 1 && !trailer.playing ? (
        <button type="button" className="btn btn--secondary" onClick={trailer.play}>
          <span>{t('carousel.watchTrailer')}</span>
        </button>
      ) : null}
      {trailer.playing ? (
        <>
          <button
            type="button"
            className="btn btn--secondary"
            aria-pressed={!trailer.muted}
            onClick={trailer.toggleMute}
          >
            <span>{trailer.muted ? t('trailer.unmute') : t('trailer.mute')}</span>
          </button>
          <button type="button" className="btn btn--ghost" onClick={trailer.end}>
            <span>{t('trailer.stop')}</span>
          </button>
        </>
      ) : null}
      <Link className="btn btn--ghost" to={detailHref(item)}>
        <span>{t('actions.moreInfo')}</span>
      </Link>
    </div>
  );
}

/** Previous, a dot per highlight, next and pause; arrow keys step from any of them. */
function CarouselControls({
  items,
  current,
  paused,
  onGo,
  onPausedChange,
}: {
  items: readonly CatalogueItem[];
  current: number;
  paused: boolean;
  onGo: (index: number) => void;
  onPausedChange: (paused: boolean) => void;
}) {
  const { t } = useTranslation('browse');
  return (
    <div
      className="carousel__controls"
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        onGo(current + (event.key === 'ArrowRight' ? 1 : -1));
      }}
    >
      <button
        type="button"
        className="carousel__arrow"
        aria-label={t('carousel.previous')}
        onClick={() => onGo(current - 1)}
      >
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
            onClick={() => onGo(i)}
          />
        ))}
      </div>
      <button
        type="button"
        className="carousel__arrow"
        aria-label={t('carousel.next')}
        onClick={() => onGo(current + 1)}
      >
        <span aria-hidden="true">›</span>
      </button>
      <button type="button" className="carousel__pause" aria-pressed={paused} onClick={() => onPausedChange(!paused)}>
        {paused ? t('carousel.resume') : t('carousel.pause')}
      </button>
    </div>
  );
}
