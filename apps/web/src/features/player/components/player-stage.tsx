import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelLogo, OperatorLogo } from '../../../ui/brand';
import { Spinner } from '../../../ui/spinner';
import { useFavouriteChannel } from '../../../lib/favourite-channel';
import { useAuthenticatedUser } from '../../account';
import type { FingerprintPlan } from '../lib/fingerprint';
import { FingerprintOverlay } from './fingerprint-overlay';
import { Icon } from './icons';

export interface PlayerStageProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Shaka renders subtitles into this container. */
  textRef: RefObject<HTMLDivElement | null>;
  onPlayPause: () => void;
  onFullscreen: () => void;
  /** The watermark; null while a prompt stands over the picture. */
  fingerprint: FingerprintPlan | null;
  userId: number;
  /** Loading (the stream starts or buffers) or waiting (loop mode polls for the content). */
  spinner: 'loading' | 'waiting' | null;
}

/** The picture: video and subtitles, the fingerprint over it, the spinner. */
export function PlayerStage({
  videoRef,
  textRef,
  onPlayPause,
  onFullscreen,
  fingerprint,
  userId,
  spinner,
}: PlayerStageProps) {
  const { t } = useTranslation('player');
  return (
    <>
      <div ref={textRef} className="player__stage">
        <video
          ref={videoRef}
          className="player__video"
          playsInline
          onDoubleClick={onFullscreen}
          onClick={onPlayPause}
        />
      </div>
      <FingerprintOverlay plan={fingerprint} userId={userId} />
      {spinner ? (
        <div className="player__spinner">
          <Spinner label={t(spinner === 'loading' ? 'loading' : 'waiting')} />
        </div>
      ) : null}
    </>
  );
}

/** The top bar: Back, the channel's logo, its star and the title. */
export function PlayerHeader({
  title,
  channel,
  onBack,
}: {
  title: string;
  channel: { id: number; logo: string; name: string } | null;
  onBack: () => void;
}) {
  const { t } = useTranslation('player');
  const user = useAuthenticatedUser();
  return (
    <header className="player__top">
      <button type="button" className="player-btn" aria-label={t('back')} title={t('back')} onClick={onBack}>
        <Icon name="back" />
      </button>
      {channel ? <ChannelLogo className="player__logo" src={channel.logo} name={channel.name} /> : null}
      {channel ? <FavouriteStar channelId={channel.id} name={channel.name} /> : null}
      <h1 className="player__title">{title}</h1>
      {/* Spec: the operator's 3001 logo in the player. */}
      <span className="player__operator">
        <OperatorLogo skin={user.skin} type={3001} />
      </span>
    </header>
  );
}

/** The channel's star (issue 30): one of the profile's favourite channels while pressed, as in the guide. */
function FavouriteStar({ channelId, name }: { channelId: number; name: string }) {
  const { t } = useTranslation('player');
  const star = useFavouriteChannel(channelId);
  const label = t(star.inList ? 'favouriteRemove' : 'favouriteAdd', { name });
  return (
    <button
      type="button"
      className="player-btn player__star"
      aria-pressed={star.inList}
      aria-label={label}
      title={star.failed ? t('favouriteFailed') : label}
      // Busy, it stays enabled (a disabled button drops the keyboard's focus); toggle ignores presses meanwhile.
      disabled={!star.ready}
      aria-busy={star.busy}
      onClick={star.toggle}
    >
      <span aria-hidden="true">{star.inList ? '★' : '☆'}</span>
    </button>
  );
}
