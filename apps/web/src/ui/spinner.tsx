export interface SpinnerProps {
  size?: 'small' | 'large';
  /** Accessible text; omit with `decorative` when the surrounding text says it already. */
  label?: string;
  decorative?: boolean;
}

export function Spinner({ size = 'large', label, decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      {label ? <span className="spinner__label">{label}</span> : null}
    </span>
  );
}

/** A full-screen loading state with its message, e.g. while the session is restored. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} />
    </div>
  );
}
