import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantPackage } from '../api/grant-package';
import { usePackages } from '../api/get-packages';
import { ConfirmAction } from './confirm-action';

const DAY_MS = 24 * 3600_000;
/** 'YYYY-MM-DD' of a moment, in the operator's time zone (the date field's format). */
const isoDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Grant a package until the end of a chosen day, with a reason. */
export function GrantPackageAction({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('operator-actions');
  const packageId = useId();
  const dateId = useId();
  const [chosen, setChosen] = useState('');
  // The earliest end (tomorrow) and the default (in 30 days), fixed when the page opened.
  const [tomorrow] = useState(() => isoDay(Date.now() + DAY_MS));
  const [until, setUntil] = useState(() => isoDay(Date.now() + 30 * DAY_MS));
  const packages = usePackages(true);
  const grant = useGrantPackage(userId);
  const fields = (
    <>
      <label htmlFor={packageId}>{t('grant.package')}</label>
      <select id={packageId} value={chosen} onChange={(e) => setChosen(e.target.value)} required>
        <option value="">{packages.isPending ? t('grant.loading') : t('grant.choose')}</option>
        {(packages.data?.resources ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <label htmlFor={dateId}>{t('grant.until')}</label>
      <input id={dateId} type="date" value={until} min={tomorrow} onChange={(e) => setUntil(e.target.value)} required />
    </>
  );
  return (
    <ConfirmAction
      label={t('grant.button')}
      title={t('grant.title')}
      explain={t('grant.explain')}
      confirm={t('grant.confirm')}
      fields={fields}
      variant="primary"
      run={async ({ reason }) => {
        // The end of the chosen day, where the operator is.
        const endsAt = new Date(`${until}T23:59:59`).getTime();
        const row = await grant.mutateAsync({ packageId: Number(chosen), endsAt, reason });
        const name = packages.data?.resources.find((p) => p.id === row.packageId)?.name ?? String(row.packageId);
        return t('grant.done', { name, date: new Date(endsAt).toLocaleDateString(i18n.language) });
      }}
    />
  );
}
