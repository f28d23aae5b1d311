import { useTranslation } from 'react-i18next';
import { useSearchBox } from '../hooks/use-search-box';
import { ComboboxInput } from './combobox-input';
import { SuggestionPopup } from './suggestion-popup';
import './search-box.css';

/**
 * The header's search box: a combobox whose suggestions come from the server once the
 * stripped text has 3 characters, given up after 3000 ms; Enter opens /search/{term}.
 */
export function SearchBox() {
  const { t } = useTranslation('explore');
  const { id, inputRef, text, active, results, seeAllTerm, expanded, activeId, status, ...on } = useSearchBox();
  const listId = `${id}-list`;
  return (
    <form role="search" className="search-box" onSubmit={on.onSubmit} aria-label={t('search.label')}>
      <ComboboxInput
        ref={inputRef}
        id={`${id}-input`}
        listId={listId}
        value={text}
        expanded={expanded}
        activeId={activeId}
        onChange={on.onChange}
        onOpenChange={on.setOpen}
        onKeyDown={on.onKeyDown}
      />
      <SuggestionPopup
        id={id}
        listId={listId}
        results={results}
        seeAllTerm={seeAllTerm}
        active={active}
        status={status}
        onChoose={on.choose}
        onHover={on.setActive}
      />
    </form>
  );
}
