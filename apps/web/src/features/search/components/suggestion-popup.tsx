import { useTranslation } from 'react-i18next';
import type { SearchResource } from '@pantalla/contracts';

function thumbnail(resource: SearchResource): string | null {
  const pick = (o: string) => resource.images.find((i) => i.orientation === o)?.url ?? null;
  return pick('portrait') ?? pick('landscape') ?? pick('square');
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
export function SuggestionPopup({
  id,
  listId,
  results,
  seeAllTerm,
  active,
  status,
  onChoose,
  onHover,
}: SuggestionPopupProps) {
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
