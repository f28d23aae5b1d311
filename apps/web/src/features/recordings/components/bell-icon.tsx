/** A bell drawn inline (emoji fonts are missing on many TVs and Linux boxes). */
export function BellIcon({ off = false }: { off?: boolean }) {
  return (
    <svg className="rec-bell-icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path
        d="M8 1.5a4 4 0 0 0-4 4v3L2.5 11v1h11v-1L12 8.5v-3a4 4 0 0 0-4-4ZM6.5 13a1.5 1.5 0 0 0 3 0Z"
        fill="currentColor"
      />
      {off ? <path d="M2 2l12 12" stroke="currentColor" strokeWidth="1.5" /> : null}
    </svg>
  );
}
