import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchResource } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { detailHref } from '../cards/item-model';
import { useSearchSuggestions } from './api/search';
import { prepareSearch } from './search-term';
import './search-box.css';

/** Typing pauses this long before the box asks, so a word is one request, not one per key. */
const TYPING_PAUSE_MS = 200;
/** Suggestions shown under the box. */
const SUGGESTIONS_SHOWN = 6;

function thumbnail(resource: SearchResource): string | null {
  const pick = (o: string) => resource.images.find((i) => i.orientation === o)?.url ?? null;
  return pick('portrait') ?? pick('landscape') ?? pick('square');
}

/**
 * The header's search box: a combobox whose suggestions come from the server once the
 * stripped text has 3 characters, given up after 3000 ms; Enter opens /search/{term}.
 */
export function SearchBox() {
  const { t } = useTranslation('explore');
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const typed = prepareSearch(text);
  const query = prepareSearch(asked);
  const suggestions = useSearchSuggestions(query.term, query.shouldQuery && open);

  useEffect(() => {
    if (typed.clearSuggestions) return;
    const timer = window.setTimeout(() => setAsked(typed.term), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed.term, typed.clearSuggestions]);

  const results = query.shouldQuery && suggestions.data && suggestions.data.term === query.term ? suggestions.data.resources.slice(0, SUGGESTIONS_SHOWN).map((r) => r.resource) : [];
  const canSeeAll = typed.shouldQuery;
  const optionCount = results.length + (canSeeAll ? 1 : 0);
  const timedOut = suggestions.isError && suggestions.error instanceof DOMException && suggestions.error.name === 'TimeoutError';
  const showPopup = open && !typed.clearSuggestions;

  function reset() {
    setOpen(false);
    setActive(-1);
  }

  function goToResults() {
    if (!typed.term) return;
    reset();
    inputRef.current?.blur();
    void navigate(paths.search.getHref(typed.term));
  }

  function choose(index: number) {
    const resource = results[index];
    if (!resource) return goToResults();
    reset();
    setText('');
    inputRef.current?.blur();
    void navigate(detailHref(resource.item));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: moving past either end comes back to it.
      setActive((current) => {
        const next = current + step;
        if (next >= optionCount) return -1;
        return next < -1 ? optionCount - 1 : next;
      });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (showPopup) reset();
      else setText('');
    } else if (event.key === 'Enter' && active >= 0 && active < optionCount) {
      event.preventDefault();
      choose(active);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    goToResults();
  }

  const activeId = showPopup && active >= 0 && active < optionCount ? `${id}-opt-${active}` : undefined;
  let status: string | null = null;
  if (showPopup && !typed.shouldQuery) status = t('search.minLength');
  else if (showPopup && timedOut) status = t('search.timeout');
  else if (showPopup && query.shouldQuery && suggestions.isSuccess && results.length === 0 && asked === typed.term) status = t('search.noSuggestions');

  return (
    <form role="search" className="search-box" onSubmit={onSubmit} aria-label={t('search.label')}>
      <label className="visually-hidden" htmlFor={`${id}-input`}>{t('search.label')}</label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        className="search-box__input"
        placeholder={t('search.label')}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-expanded={showPopup && optionCount > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // An empty box clears the suggestions at once.
          if (prepareSearch(e.target.value).clearSuggestions) setAsked('');
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <div className={`search-box__popup${showPopup && (optionCount > 0 || status) ? ' search-box__popup--open' : ''}`}>
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="search-box__list">
          {showPopup
            ? results.map((resource, index) => {
                const image = thumbnail(resource);
                return (
                  <li
                    key={`${resource.type}:${resource.id}`}
                    id={`${id}-opt-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className="search-box__option"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(index)}
                    onMouseEnter={() => setActive(index)}
                  >
                    <span className="search-box__thumb">{image ? <img src={image} alt="" width={36} height={54} loading="lazy" /> : null}</span>
                    <span className="search-box__text">
                      <span className="search-box__title">{resource.title}</span>
                      <span className="search-box__kind">{t(`search.kinds.${resource.type}`)}</span>
                    </span>
                  </li>
                );
              })
            : null}
          {showPopup && canSeeAll ? (
            <li
              id={`${id}-opt-${results.length}`}
              role="option"
              aria-selected={active === results.length}
              className="search-box__option search-box__option--all"
              onMouseDown={(e) => e.preventDefault()}
              onClick={goToResults}
              onMouseEnter={() => setActive(results.length)}
            >
              {t('search.seeAll', { term: typed.term })}
            </li>
          ) : null}
        </ul>
        <p className="search-box__status" role="status">{status}</p>
      </div>
    </form>
  );
}
