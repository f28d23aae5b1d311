import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelLogo, OperatorLogo } from '../../../ui/brand';
import { Spinner } from '../../../ui/spinner';
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

/** The top bar: Back, the channel's logo and the title. */
export function PlayerHeader({
  title,
  channel,
  onBack,
}: {
  title: string;
  channel: { logo: string; name: string } | null;
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
      <h1 className="player__title">{title}</h1>
      {/* Spec: the operator's 3001 logo in the player. */}
      <span className="player__operator">
        <OperatorLogo skin={user.skin} type={3001} />
      </span>
    </header>
  );
}
