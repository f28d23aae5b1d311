import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchResource } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { detailHref } from '../../catalogue';
import { useSearchSuggestions } from '../api/search';
import { prepareSearch } from '../lib/search-term';
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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { typed, results, status: statusKey, clear } = useSuggestions(text, open);
  const canSeeAll = typed.shouldQuery;
  const optionCount = results.length + (canSeeAll ? 1 : 0);
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
    const action = keyInBox(event.key, active, optionCount, showPopup);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move') {
      setOpen(true);
      setActive((current) => stepActive(current, action.step, optionCount));
    } else if (action.kind === 'dismiss') reset();
    else if (action.kind === 'clear') setText('');
    else choose(action.index);
  }

  function onChange(value: string) {
    setText(value);
    // An empty box clears the suggestions at once.
    if (prepareSearch(value).clearSuggestions) clear();
    setOpen(true);
    setActive(-1);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    goToResults();
  }

  const activeId = showPopup && active >= 0 && active < optionCount ? `${id}-opt-${active}` : undefined;
  const status = showPopup && statusKey ? t(`search.${statusKey}`) : null;

  return (
    <form role="search" className="search-box" onSubmit={onSubmit} aria-label={t('search.label')}>
      <ComboboxInput
        ref={inputRef}
        id={`${id}-input`}
        listId={listId}
        value={text}
        expanded={showPopup && optionCount > 0}
        activeId={activeId}
        onChange={onChange}
        onOpenChange={setOpen}
        onKeyDown={onKeyDown}
      />
      <SuggestionPopup
        id={id}
        listId={listId}
        results={showPopup ? results : []}
        seeAllTerm={showPopup && canSeeAll ? typed.term : null}
        active={active}
        status={status}
        onChoose={choose}
        onHover={setActive}
      />
    </form>
  );
}

export type BoxKey =
  { kind: 'move'; step: 1 | -1 } | { kind: 'dismiss' } | { kind: 'clear' } | { kind: 'choose'; index: number };

/** A key in the box: arrows move through the options, Escape closes the popup (or empties the box), Enter picks the active option. */
export function keyInBox(key: string, active: number, optionCount: number, popupShown: boolean): BoxKey | null {
  if (key === 'ArrowDown' || key === 'ArrowUp')
    return optionCount === 0 ? null : { kind: 'move', step: key === 'ArrowDown' ? 1 : -1 };
  if (key === 'Escape') return popupShown ? { kind: 'dismiss' } : { kind: 'clear' };
  if (key === 'Enter' && active >= 0 && active < optionCount) return { kind: 'choose', index: active };
  return null;
}

/** -1 is the box itself: moving past either end of the options comes back to it. */
export function stepActive(current: number, step: 1 | -1, optionCount: number): number {
  const next = current + step;
  if (next >= optionCount) return -1;
  return next < -1 ? optionCount - 1 : next;
}

/**
 * The suggestions for the text: asked once typing pauses, only for 3 characters or more,
 * and what the status line says (too short, timed out, nothing found).
 */
function useSuggestions(text: string, open: boolean) {
  const [asked, setAsked] = useState('');
  const typed = prepareSearch(text);
  const query = prepareSearch(asked);
  const suggestions = useSearchSuggestions(query.term, query.shouldQuery && open);
  useEffect(() => {
    if (typed.clearSuggestions) return;
    const timer = window.setTimeout(() => setAsked(typed.term), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed.term, typed.clearSuggestions]);

  const results =
    query.shouldQuery && suggestions.data && suggestions.data.term === query.term
      ? suggestions.data.resources.slice(0, SUGGESTIONS_SHOWN).map((r) => r.resource)
      : [];
  const timedOut =
    suggestions.isError && suggestions.error instanceof DOMException && suggestions.error.name === 'TimeoutError';
  let status: 'minLength' | 'timeout' | 'noSuggestions' | null = null;
  if (!typed.shouldQuery) status = 'minLength';
  else if (timedOut) status = 'timeout';
  else if (query.shouldQuery && suggestions.isSuccess && results.length === 0 && asked === typed.term)
    status = 'noSuggestions';
  // An empty box clears the suggestions at once.
  const clear = useCallback(() => setAsked(''), []);
  return { typed, results, status, clear };
}

interface ComboboxInputProps {
  ref: Ref<HTMLInputElement>;
  id: string;
  listId: string;
  value: string;
  expanded: boolean;
  activeId: string | undefined;
  onChange: (value: string) => void;
  onOpenChange: (open: boolean) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** The box itself, labelled, as a combobox over the suggestions' listbox; leaving it closes the popup after a click on it could land. */
function ComboboxInput({
  ref,
  id,
  listId,
  value,
  expanded,
  activeId,
  onChange,
  onOpenChange,
  onKeyDown,
}: ComboboxInputProps) {
  const { t } = useTranslation('explore');
  // The delayed close must not outlive the box (it would set state after unmount).
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t('search.label')}
      </label>
      <input
        ref={ref}
        id={id}
        type="search"
        className="search-box__input"
        placeholder={t('search.label')}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          onOpenChange(true);
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => onOpenChange(false), 150);
        }}
        onKeyDown={onKeyDown}
      />
    </>
  );
}

interface SuggestionPopupProps {
  id: string;
  listId: string;
  /** The suggestions shown (none while the popup is closed). */
  results: readonly SearchResource[];
  /** The term of the 'see all results' option, shown after the suggestions; null: none. */
  seeAllTerm: string | null;
  active: number;
  status: string | null;
  /** An option's index; the one past the suggestions is 'see all'. */
  onChoose: (index: number) => void;
  onHover: (index: number) => void;
}

/** The listbox under the box: the suggestions, 'see all results', and the status line. */
function SuggestionPopup({ id, listId, results, seeAllTerm, active, status, onChoose, onHover }: SuggestionPopupProps) {
  const { t } = useTranslation('explore');
  const all = results.length;
  return (
    <div
      className={`search-box__popup${results.length > 0 || seeAllTerm !== null || status ? ' search-box__popup--open' : ''}`}
    >
      <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="search-box__list">
        {results.map((resource, index) => (
          <SuggestionOption
            key={`${resource.type}:${resource.id}`}
            id={`${id}-opt-${index}`}
            resource={resource}
            selected={index === active}
            onChoose={() => onChoose(index)}
            onHover={() => onHover(index)}
          />
        ))}
        {seeAllTerm !== null ? (
          <li
            id={`${id}-opt-${all}`}
            role="option"
            aria-selected={active === all}
            className="search-box__option search-box__option--all"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(all)}
            onMouseEnter={() => onHover(all)}
          >
            {t('search.seeAll', { term: seeAllTerm })}
          </li>
        ) : null}
      </ul>
      <p className="search-box__status" role="status">
        {status}
      </p>
    </div>
  );
}

/** One suggestion: its thumbnail, title and kind; the mouse picks it without taking focus from the box. */
function SuggestionOption({
  id,
  resource,
  selected,
  onChoose,
  onHover,
}: {
  id: string;
  resource: SearchResource;
  selected: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  const { t } = useTranslation('explore');
  const image = thumbnail(resource);
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className="search-box__option"
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
      onMouseEnter={onHover}
    >
      <span className="search-box__thumb">
        {image ? <img src={image} alt="" width={36} height={54} loading="lazy" /> : null}
      </span>
      <span className="search-box__text">
        <span className="search-box__title">{resource.title}</span>
        <span className="search-box__kind">{t(`search.kinds.${resource.type}`)}</span>
      </span>
    </li>
  );
}
