import { useTranslation } from 'react-i18next';
import type { ChannelDialState } from '../../../lib/channel-dial/use-channel-dial';

/** The number being typed and the channel it names, top right, as a television shows them. */
export function ChannelDialOsd({ dial }: { dial: ChannelDialState }) {
  const { t } = useTranslation('player');
  const shown = dial.digits !== '' || dial.missing !== null;
  return (
    <div className={`player__dial${shown ? ' player__dial--shown' : ''}`} role="status">
      {dial.digits ? (
        <>
          <span className="player__dial-number">{dial.digits}</span>
          {dial.match ? <span className="player__dial-name">{dial.match.name}</span> : null}
        </>
      ) : dial.missing !== null ? (
        t('dialMissing', { number: dial.missing })
      ) : null}
    </div>
  );
}
