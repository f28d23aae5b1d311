import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { PLAYER } from '../lib/constants';

export interface MenuOption {
  id: string;
  label: string;
  active: boolean;
}

export interface TrackMenuProps {
  /** The button's accessible name and the menu's label. */
  label: string;
  icon: ReactNode;
  options: MenuOption[];
  onSelect: (id: string) => void;
  onOpenChange?: (open: boolean) => void;
}

/** A control-bar menu of radio items; it closes 250 ms after the mouse leaves it (spec). */
export function TrackMenu({ label, icon, options, onSelect, onOpenChange }: TrackMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const setOpenState = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const cancelHide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  const scheduleHide = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => setOpenState(false), PLAYER.menuHideMs);
  };
  useEffect(() => cancelHide, []);
  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    (
      root?.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]') ??
      root?.querySelector<HTMLElement>('[role="menuitemradio"]')
    )?.focus();
  }, [open]);

  return (
    <div className="player-menu" ref={rootRef} onMouseLeave={open ? scheduleHide : undefined} onMouseEnter={cancelHide}>
      <button
        type="button"
        className="player-btn"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpenState(!open)}
      >
        {icon}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className="player-menu__list"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setOpenState(false);
              rootRef.current?.querySelector<HTMLElement>('button')?.focus();
            }
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              event.stopPropagation();
              const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
              const index = items.indexOf(document.activeElement as HTMLElement);
              items[(index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
            }
          }}
        >
          <p className="player-menu__title">{label}</p>
          {options.map((option) => (
            <button
              key={option.id}
              type="button"
              role="menuitemradio"
              aria-checked={option.active}
              className="player-menu__item"
              onClick={() => {
                onSelect(option.id);
                setOpenState(false);
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
