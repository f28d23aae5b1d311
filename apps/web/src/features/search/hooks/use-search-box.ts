import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { detailHref } from '../../catalogue';
import { keyInBox, stepActive } from '../lib/box-keys';
import { prepareSearch } from '../lib/search-term';
import { useSuggestions } from './use-suggestions';

/**
 * The search box's state and what its keys, typing and choices do: the text, whether the
 * popup is open, the active option; choosing a suggestion opens its detail, the box's own
 * text opens /search/{term}.
 */
export function useSearchBox() {
  const { t } = useTranslation('explore');
  const navigate = useNavigate();
  const id = useId();
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

  return {
    id,
    inputRef,
    text,
    active,
    results: showPopup ? results : [],
    seeAllTerm: showPopup && canSeeAll ? typed.term : null,
    expanded: showPopup && optionCount > 0,
    activeId: showPopup && active >= 0 && active < optionCount ? `${id}-opt-${active}` : undefined,
    status: showPopup && statusKey ? t(`search.${statusKey}`) : null,
    setOpen,
    setActive,
    choose,
    onKeyDown,
    onChange,
    onSubmit,
  };
}
