import { useTranslation } from 'react-i18next';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value as a person reads it: lists joined, nothing as a dash, anything else as compact JSON. */
function readable(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(readable).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields a change touched, each as "before → after" (a creation has no before, a deletion no after). */
export function ChangeView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('operator-access');
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return <span>—</span>;
    return (
      <span>
        {readable(before)} <span aria-label={t('audit.becomes')}>→</span> {readable(after)}
      </span>
    );
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return (
    <dl className="operator-access__change">
      {fields.map((field) => (
        <div key={field}>
          <dt>{field}</dt>
          <dd>
            <del>{readable(b[field])}</del> <span aria-label={t('audit.becomes')}>→</span>{' '}
            <ins>{readable(a[field])}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
