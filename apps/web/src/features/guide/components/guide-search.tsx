import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUIDE_SEARCH_MIN_LENGTH, type GuideSearchHit, type GuideSearchWhen } from '@pantalla/contracts';
import { formatClock } from '../../../lib/date';
import { useGuideSearch } from '../api/guide-search';
import './guide-search.css';

/** Typing settles for this long before the guide is searched. */
const SETTLE_MS = 300;
const GROUPS: readonly GuideSearchWhen[] = ['now', 'later', 'catchup'];

export interface GuideSearchProps {
  profileKey: string;
  /** Whether a hit's channel is in the guide as shown (the favourites filter may leave it out). */
  listed: (channelId: number) => boolean;
  /** Brings the programme's slot into view and opens it. */
  onJump: (hit: GuideSearchHit) => void;
}

/**
 * "Buscar" in the guide's header (issue 30): a programme by its title across every channel
 * and day of the guide, typos forgiven, listed by when it airs; choosing one jumps to its slot.
 */
export function GuideSearch({ profileKey, listed, onJump }: GuideSearchProps) {
  const { t } = useTranslation('guide');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="btn btn--secondary guide__search-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⌕</span>
        <span className="guide__search-label"> {t('search.open')}</span>
      </button>
      {open ? (
        <SearchPanel
          profileKey={profileKey}
          listed={listed}
          onClose={close}
          onJump={(hit) => {
            setOpen(false);
            onJump(hit);
          }}
        />
      ) : null}
    </>
  );
}

function SearchPanel({ profileKey, listed, onJump, onClose }: GuideSearchProps & { onClose: () => void }) {
  const { t } = useTranslation('guide');
  const inputId = useId();
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useGuideSearch(settled, profileKey);
  const hits = search.data?.pages.flatMap((p) => p.hits) ?? [];
  const short = settled.trim().length < GUIDE_SEARCH_MIN_LENGTH;

  return (
    <section
      className="guide-search"
      role="search"
      aria-label={t('search.label')}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // The guide's own Escape (the detail overlay) is not this one.
        event.stopPropagation();
        event.nativeEvent.stopImmediatePropagation();
        onClose();
      }}
    >
      <div className="guide-search__bar">
        <label className="visually-hidden" htmlFor={inputId}>
          {t('search.label')}
        </label>
        <input
          id={inputId}
          className="guide-search__input"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          maxLength={100}
          value={text}
          // The panel opens for typing.
          autoFocus
          onChange={(event) => setText(event.target.value)}
        />
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t('search.close')}
        </button>
      </div>
      <div className="guide-search__results" aria-live="polite" aria-busy={search.isFetching}>
        {short ? null : search.isError ? (
          <p className="guide-search__note">{t('search.failed')}</p>
        ) : search.isSuccess && hits.length === 0 ? (
          <p className="guide-search__note">{t('search.none', { q: settled.trim() })}</p>
        ) : (
          GROUPS.map((when) => (
            <HitGroup
              key={when}
              when={when}
              hits={hits.filter((h) => h.when === when)}
              listed={listed}
              onJump={onJump}
            />
          ))
        )}
        {search.hasNextPage ? (
          <button
            type="button"
            className="btn btn--secondary guide-search__more"
            disabled={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {t('search.more')}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function HitGroup({
  when,
  hits,
  listed,
  onJump,
}: {
  when: GuideSearchWhen;
  hits: GuideSearchHit[];
  listed: (channelId: number) => boolean;
  onJump: (hit: GuideSearchHit) => void;
}) {
  const { t, i18n } = useTranslation('guide');
  if (hits.length === 0) return null;
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short' });
  return (
    <section className="guide-search__group" aria-label={t(`search.${when}`)}>
      <h2 className="guide-search__heading">{t(`search.${when}`)}</h2>
      <ul className="guide-search__list">
        {hits.map((hit) => (
          <li key={hit.eventId}>
            <button
              type="button"
              className="guide-search__hit"
              disabled={!listed(hit.channelId)}
              title={listed(hit.channelId) ? undefined : t('search.notListed')}
              onClick={() => onJump(hit)}
            >
              <span className="guide-search__title">{hit.title}</span>
              <span className="guide-search__when">
                {hit.channelNumber} {hit.channelName} · {day.format(hit.startTime)} {formatClock(hit.startTime)}–
                {formatClock(hit.endTime)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
