import { useTranslation } from 'react-i18next';
import {
  CHANNEL_HEALTHS,
  OPERATOR_CHANNEL_SORTS,
  type ChannelHealth,
  type OperatorChannelSort,
} from '@pantalla/contracts';
import type { ChannelOptions } from '../api/get-channel-options';
import type { ChannelFilters } from '../api/get-channels';

interface Props {
  search: string;
  onSearch(text: string): void;
  filters: ChannelFilters;
  options: ChannelOptions | undefined;
  onChange(next: Partial<ChannelFilters>): void;
}

const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/** Search, order and the table's filters: package, genre (group), source, health. */
export function ChannelFiltersBar({ search, onSearch, filters, options, onChange }: Props) {
  const { t } = useTranslation('operator-channels');
  return (
    <div className="channel-filters" role="search">
      <label className="channel-filters__search">
        <span>{t('search')}</span>
        <input type="search" value={search} onChange={(e) => onSearch(e.target.value)} autoComplete="off" />
      </label>
      <label>
        <span>{t('column.package')}</span>
        <select
          value={filters.packageId ?? ''}
          onChange={(e) => onChange({ packageId: numberOrUndefined(e.target.value) })}
        >
          <option value="">{t('any')}</option>
          {options?.packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('column.genre')}</span>
        <select
          value={filters.genreId ?? ''}
          onChange={(e) => onChange({ genreId: numberOrUndefined(e.target.value) })}
        >
          <option value="">{t('any')}</option>
          {options?.genres.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('column.source')}</span>
        <select
          value={filters.source ?? ''}
          onChange={(e) =>
            onChange({ source: e.target.value === '' ? undefined : (e.target.value as 'origin' | 'external') })
          }
        >
          <option value="">{t('any')}</option>
          <option value="origin">{t('source.origin')}</option>
          <option value="external">{t('source.external')}</option>
        </select>
      </label>
      <label>
        <span>{t('column.health')}</span>
        <select
          value={filters.health ?? ''}
          onChange={(e) => onChange({ health: e.target.value === '' ? undefined : (e.target.value as ChannelHealth) })}
        >
          <option value="">{t('any')}</option>
          {CHANNEL_HEALTHS.map((h) => (
            <option key={h} value={h}>
              {t(`health.${h}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('sort.label')}</span>
        <select
          value={`${filters.sort}:${filters.dir}`}
          onChange={(e) =>
            onChange({
              sort: e.target.value.split(':')[0] as OperatorChannelSort,
              dir: e.target.value.endsWith(':desc') ? 'desc' : 'asc',
            })
          }
        >
          {OPERATOR_CHANNEL_SORTS.flatMap((s) =>
            (['asc', 'desc'] as const).map((d) => (
              <option key={`${s}:${d}`} value={`${s}:${d}`}>
                {t(`sort.${s}`)} ({t(`sort.${d}`)})
              </option>
            )),
          )}
        </select>
      </label>
    </div>
  );
}
