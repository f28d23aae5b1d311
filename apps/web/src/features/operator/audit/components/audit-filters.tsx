import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';
import { TextField } from '../../../../ui/text-field';
import type { AuditFilters } from '../api/get-audit';

/** A yyyy-mm-dd of a date input as the start of that day in the user's time zone (epoch ms). */
function dayStart(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number);
  const at = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).getTime();
  return Number.isFinite(at) ? at : undefined;
}
const DAY_MS = 24 * 60 * 60 * 1000;

const EMPTY = { actor: '', action: '', subjectType: '', subjectId: '', from: '', to: '' };

/** The audit search: actor e-mail, action, subject and a date range (exact values, each indexed on the server). */
export function AuditFiltersForm({ onSearch }: { onSearch: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('operator-access');
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const from = dayStart(form.from);
    const toDay = dayStart(form.to);
    const filters: AuditFilters = {};
    if (form.actor.trim()) filters.actor = form.actor.trim();
    if (form.action.trim()) filters.action = form.action.trim();
    if (form.subjectType.trim()) filters.subjectType = form.subjectType.trim();
    if (form.subjectId.trim()) filters.subjectId = form.subjectId.trim();
    if (from !== undefined) filters.from = from;
    // The "to" day is included: the search ends at the next day's start.
    if (toDay !== undefined) filters.to = toDay + DAY_MS;
    onSearch(filters);
  }

  function clear() {
    setForm(EMPTY);
    onSearch({});
  }

  return (
    <form className="operator-access__filters" onSubmit={submit} aria-label={t('audit.filters.label')}>
      <TextField
        label={t('audit.filters.actor')}
        type="email"
        autoComplete="off"
        value={form.actor}
        onChange={set('actor')}
      />
      <TextField
        label={t('audit.filters.action')}
        hint={t('audit.filters.actionHint')}
        value={form.action}
        onChange={set('action')}
      />
      <TextField
        label={t('audit.filters.subjectType')}
        hint={t('audit.filters.subjectTypeHint')}
        value={form.subjectType}
        onChange={set('subjectType')}
      />
      <TextField label={t('audit.filters.subjectId')} value={form.subjectId} onChange={set('subjectId')} />
      <TextField label={t('audit.filters.from')} type="date" value={form.from} onChange={set('from')} />
      <TextField label={t('audit.filters.to')} type="date" value={form.to} onChange={set('to')} />
      <div className="operator-access__filter-actions">
        <Button type="submit">{t('audit.filters.search')}</Button>
        <Button variant="secondary" onClick={clear}>
          {t('audit.filters.clear')}
        </Button>
      </div>
    </form>
  );
}
