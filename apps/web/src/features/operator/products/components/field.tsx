import { cloneElement, useId, type ReactElement } from 'react';

interface FieldProps {
  label: string;
  /** A short help text, read with the field (aria-describedby), never part of its name. */
  hint?: string;
  /** The one input or select, given the field's id. */
  children: ReactElement<{ id?: string; 'aria-describedby'?: string }>;
}

/** A labelled control: the label names it alone (a wrapping label would add the hint and a select's value to its name). */
export function Field({ label, hint, children }: FieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="product-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, ...(hint ? { 'aria-describedby': hintId } : {}) })}
      {hint ? <small id={hintId}>{hint}</small> : null}
    </div>
  );
}
