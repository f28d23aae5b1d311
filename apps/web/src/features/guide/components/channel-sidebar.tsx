import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '../../../ui/brand';
import type { GuideChannel } from '../lib/programme';

/** Stars on the channel column (issue 30): which channels are the profile's favourites, and the toggle. */
export interface ChannelStars {
  favourites: ReadonlySet<number>;
  onToggle: (channelId: number) => void;
}

/**
 * The channel column: the page number, then each channel of the page (logo, number, name for
 * screen readers, and its favourite star when the guide gives stars).
 */
export function ChannelSidebar({
  pageChannels,
  page,
  pages,
  stars,
}: {
  pageChannels: readonly GuideChannel[];
  page: number;
  pages: number;
  stars?: ChannelStars;
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
            {stars ? (
              <StarButton channel={channel} on={stars.favourites.has(channel.id)} onToggle={stars.onToggle} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function StarButton({
  channel,
  on,
  onToggle,
}: {
  channel: GuideChannel;
  on: boolean;
  onToggle: (channelId: number) => void;
}) {
  const { t } = useTranslation('guide');
  return (
    <button
      type="button"
      className="guide-channel__star"
      aria-pressed={on}
      aria-label={t(on ? 'favourites.remove' : 'favourites.add', { name: channel.name })}
      title={t(on ? 'favourites.remove' : 'favourites.add', { name: channel.name })}
      data-channel-id={channel.id}
      onClick={() => onToggle(channel.id)}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
    </button>
  );
}
