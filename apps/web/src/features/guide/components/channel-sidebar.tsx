import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '../../../ui/brand';
import type { GuideChannel } from '../lib/programme';

/** The channel column: the page number, then each channel of the page (logo, number, name for screen readers). */
export function ChannelSidebar({
  pageChannels,
  page,
  pages,
}: {
  pageChannels: readonly GuideChannel[];
  page: number;
  pages: number;
}) {
  const { t } = useTranslation('guide');
  return (
    <div className="guide-grid__sidebar">
      <div className="guide-grid__corner">
        <span className="guide-grid__page">{t('page', { page, pages })}</span>
      </div>
      <ul className="guide-channels" aria-label={t('channels')}>
        {pageChannels.map((channel, r) => (
          <li key={r} className="guide-channel" title={channel.name}>
            <ChannelLogo className="guide-channel__logo" src={channel.logo} name={channel.name} decorative />
            <span className="guide-channel__number" aria-hidden="true">
              {channel.number}
            </span>
            <span className="visually-hidden">{channel.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
