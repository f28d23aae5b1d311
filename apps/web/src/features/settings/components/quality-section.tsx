import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { qoeReportsEnabled, setQoeReportsEnabled } from '../../../lib/qoe-consent';

/**
 * Privacy: the player's quality reports (issue 28), on unless turned off. The choice stays on
 * this device (docs/decisions.md): while off, nothing about it reaches the server at all.
 */
export function QualitySection() {
  const { t } = useTranslation('settings');
  const [enabled, setEnabled] = useState(qoeReportsEnabled);
  const statusId = useId();
  const change = (next: boolean) => {
    setQoeReportsEnabled(next);
    setEnabled(next);
  };
  return (
    <section className="settings-card" aria-labelledby="settings-quality-title">
      <h2 id="settings-quality-title" className="settings-card__title">
        {t('quality.title')}
      </h2>
      <p className="settings-card__intro">{t('quality.intro')}</p>
      <label className="settings-quality__toggle">
        <input
          type="checkbox"
          checked={enabled}
          aria-describedby={statusId}
          onChange={(event) => change(event.target.checked)}
        />{' '}
        {t('quality.label')}
      </label>
      <p id={statusId} role="status" className="settings-card__intro">
        {enabled ? t('quality.on') : t('quality.off')}
      </p>
      <p>
        <Link to={paths.privacy.getHref()}>{t('quality.more')}</Link>
      </p>
    </section>
  );
}
