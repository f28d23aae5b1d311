import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** Spec: dropdowns hide 250 ms after the pointer leaves them. */
export const DROPDOWN_HIDE_DELAY_MS = 250;

export interface DropdownOption {
  key: string;
  label: string;
  checked: boolean;
  onSelect: () => void;
}

export interface FilterDropdownProps {
  /** The closed button's text. */
  label: string;
  /** The accessible name of the menu button (label plus what it does). */
  ariaLabel: string;
  options: DropdownOption[];
}

/**
 * A menu button: click or Enter/Space/ArrowDown opens it, arrows move, Enter picks,
 * Escape closes and returns focus to the button.
 */
export function FilterDropdown({ label, ariaLabel, options }: FilterDropdownProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const { cancelHide, scheduleHide } = useDismiss(rootRef, open, setOpen);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  function openAt(index: number) {
    setActive(Math.max(0, Math.min(options.length - 1, index)));
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const checked = options.findIndex((o) => o.checked);
      openAt(event.key === 'ArrowUp' ? options.length - 1 : Math.max(0, checked));
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="dropdown" ref={rootRef} onMouseEnter={cancelHide} onMouseLeave={() => open && scheduleHide()}>
      <button
        ref={buttonRef}
        type="button"
        className="dropdown__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={ariaLabel}
        onClick={() =>
          open
            ? setOpen(false)
            : openAt(
                Math.max(
                  0,
                  options.findIndex((o) => o.checked),
                ),
              )
        }
        onKeyDown={onButtonKeyDown}
        disabled={options.length === 0}
      >
        <span>{label}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="dropdown__chevron">
          <path
            d="M6 9l6 6 6-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open ? (
        <DropdownMenu
          id={`${id}-menu`}
          ariaLabel={ariaLabel}
          options={options}
          active={active}
          itemRefs={itemRefs}
          onKeyDown={onMenuKeyDown}
          onPick={(option) => {
            close(true);
            option.onSelect();
          }}
        />
      ) : null}
    </div>
  );
}

interface DropdownMenuProps {
  id: string;
  ariaLabel: string;
  options: DropdownOption[];
  /** The option with the roving tab stop. */
  active: number;
  itemRefs: RefObject<(HTMLButtonElement | null)[]>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onPick: (option: DropdownOption) => void;
}

/** The open menu: one radio item per option, the checked one marked. */
function DropdownMenu({ id, ariaLabel, options, active, itemRefs, onKeyDown, onPick }: DropdownMenuProps) {
  return (
    <div id={id} role="menu" aria-label={ariaLabel} className="dropdown__menu" onKeyDown={onKeyDown}>
      {options.map((option, index) => (
        <button
          key={option.key}
          ref={(el) => {
            itemRefs.current[index] = el;
          }}
          type="button"
          role="menuitemradio"
          aria-checked={option.checked}
          tabIndex={index === active ? 0 : -1}
          className={`dropdown__item${option.checked ? ' dropdown__item--checked' : ''}`}
          onClick={() => onPick(option)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The menu closes on a pointer down outside it, and 250 ms after the pointer leaves it (unless it comes back). */
function useDismiss(rootRef: RefObject<HTMLElement | null>, open: boolean, setOpen: (open: boolean) => void) {
  const hideTimer = useRef<number | null>(null);
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, rootRef, setOpen]);
  useEffect(
    () => () => {
      if (hideTimer.current !== null) window.clearTimeout(hideTimer.current);
    },
    [],
  );
  const cancelHide = useCallback(() => {
    if (hideTimer.current !== null) window.clearTimeout(hideTimer.current);
    hideTimer.current = null;
  }, []);
  const scheduleHide = useCallback(() => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_HIDE_DELAY_MS);
  }, [cancelHide, setOpen]);
  return { cancelHide, scheduleHide };
}
