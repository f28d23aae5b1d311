import { useEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface ComboboxInputProps {
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
export function ComboboxInput({
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
