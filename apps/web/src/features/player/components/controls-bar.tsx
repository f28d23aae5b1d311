import { useTranslation } from 'react-i18next';
import type { PlayerSnapshot, Thumbnail } from '../adapter/shaka-adapter';
import { QUALITY_AUTO, TRACK_OFF } from '../adapter/shaka-adapter';
import { bandwidthReadout } from '../lib/format';
import { Icon } from './icons';
import { SeekBar } from './seek-bar';
import { TrackMenu } from './track-menu';

export interface ControlsBarProps {
  snapshot: PlayerSnapshot;
  /** Seek range offered to the viewer and the position formatter. */
  range: { start: number; end: number };
  format: (seconds: number) => string;
  live: { active: boolean; timeShifted: boolean; start: boolean; stop: boolean; jumps: boolean; seek: boolean } | null;
  canZap: boolean;
  fullscreen: boolean;
  castState: 1 | 2 | 4;
  onPlayPause: () => void;
  onSeek: (seconds: number) => void;
  onJump: (delta: number) => void;
  onRestart: () => void;
  onBackToLive: () => void;
  onZap: (direction: 1 | -1) => void;
  onVolume: (volume: number) => void;
  onMute: (muted: boolean) => void;
  onAudio: (id: string) => void;
  onText: (id: string) => void;
  onQuality: (id: string) => void;
  onAngle: (id: string) => void;
  onFullscreen: () => void;
  onCast: () => void;
  onMenuOpenChange: (open: boolean) => void;
  thumbnailAt: (seconds: number) => Promise<Thumbnail | null>;
}

/** The bottom bar: every control of the spec's list, each with an accessible name. */
export function ControlsBar(props: ControlsBarProps) {
  const { t } = useTranslation('player');
  const { snapshot, live } = props;
  return (
    <div className="player-controls" role="group" aria-label={t('controls')}>
      <SeekBar
        label={t('seek')}
        position={snapshot.currentTime}
        start={props.range.start}
        end={props.range.end}
        disabled={live ? !live.seek : false}
        format={props.format}
        onSeek={props.onSeek}
        thumbnailAt={props.thumbnailAt}
      />
      <div className="player-controls__row">
        <TransportControls {...props} />
        <OutputControls {...props} />
      </div>
    </div>
  );
}

/** Play/pause, the 10-second jumps, start of programme, live or back to live, the time, zapping. */
function TransportControls(props: ControlsBarProps) {
  const { t } = useTranslation('player');
  const { snapshot, live } = props;
  const playing = snapshot.status === 'playing';
  const jumps = live ? live.jumps : true;
  return (
    <div className="player-controls__group">
      <button
        type="button"
        className="player-btn"
        aria-label={playing ? t('pause') : t('play')}
        title={playing ? t('pause') : t('play')}
        onClick={props.onPlayPause}
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      {jumps ? (
        <>
          <button
            type="button"
            className="player-btn"
            aria-label={t('jumpBack')}
            title={t('jumpBack')}
            onClick={() => props.onJump(-10)}
          >
            <Icon name="replay10" />
          </button>
          <button
            type="button"
            className="player-btn"
            aria-label={t('jumpForward')}
            title={t('jumpForward')}
            onClick={() => props.onJump(10)}
          >
            <Icon name="forward10" />
          </button>
        </>
      ) : null}
      {live?.start ? (
        <button
          type="button"
          className="player-btn"
          aria-label={t('restart')}
          title={t('restart')}
          onClick={props.onRestart}
        >
          <Icon name="restart" />
        </button>
      ) : null}
      {live ? (
        live.stop ? (
          <button type="button" className="player-live player-live--behind" onClick={props.onBackToLive}>
            <Icon name="live" />
            {t('backToLive')}
          </button>
        ) : (
          <span className="player-live">
            <Icon name="live" />
            {t('live')}
          </span>
        )
      ) : null}
      {/* No position before the stream is up: a loading live channel is not at '0:00'. */}
      {snapshot.status === 'loading' ? null : (
        <span className="player-time">
          {props.format(snapshot.currentTime)}
          {live ? null : ` / ${props.format(props.range.end)}`}
        </span>
      )}
      {props.canZap ? (
        <>
          <button
            type="button"
            className="player-btn"
            aria-label={t('zapPrevious')}
            title={t('zapPrevious')}
            onClick={() => props.onZap(-1)}
          >
            <Icon name="down" />
          </button>
          <button
            type="button"
            className="player-btn"
            aria-label={t('zapNext')}
            title={t('zapNext')}
            onClick={() => props.onZap(1)}
          >
            <Icon name="up" />
          </button>
        </>
      ) : null}
    </div>
  );
}

/** Bandwidth, volume, the audio, subtitle, quality and camera menus, cast and fullscreen. */
function OutputControls(props: ControlsBarProps) {
  const { t } = useTranslation('player');
  const { snapshot } = props;
  const bandwidth = bandwidthReadout(snapshot.bandwidth);
  const menuProps = { onOpenChange: props.onMenuOpenChange };
  return (
    <div className="player-controls__group">
      {/* No estimate before the first segments arrive: nothing to show yet. */}
      {snapshot.bandwidth > 0 ? (
        <span
          className={`player-bandwidth${bandwidth.low ? ' player-bandwidth--low' : ''}`}
          title={t('bandwidthHint')}
          data-testid="bandwidth"
        >
          {bandwidth.text}
        </span>
      ) : null}
      <button
        type="button"
        className="player-btn"
        aria-label={snapshot.muted ? t('unmute') : t('mute')}
        title={snapshot.muted ? t('unmute') : t('mute')}
        onClick={() => props.onMute(!snapshot.muted)}
      >
        <Icon name={snapshot.muted || snapshot.volume === 0 ? 'muted' : 'volume'} />
      </button>
      <input
        type="range"
        className="player-volume"
        aria-label={t('volume')}
        min={0}
        max={1}
        step={0.05}
        value={snapshot.muted ? 0 : snapshot.volume}
        onChange={(event) => props.onVolume(Number(event.target.value))}
      />
      {snapshot.audio.length > 0 ? (
        <TrackMenu
          label={t('audio')}
          icon={<Icon name="audio" />}
          options={snapshot.audio}
          onSelect={props.onAudio}
          {...menuProps}
        />
      ) : null}
      {snapshot.text.length > 1 ? (
        <TrackMenu
          label={t('subtitles')}
          icon={<Icon name="subtitles" />}
          options={snapshot.text.map((o) => (o.id === TRACK_OFF ? { ...o, label: t('subtitlesOff') } : o))}
          onSelect={props.onText}
          {...menuProps}
        />
      ) : null}
      {snapshot.quality.length > 1 ? (
        <TrackMenu
          label={t('quality')}
          icon={<Icon name="quality" />}
          options={snapshot.quality.map((o) => (o.id === QUALITY_AUTO ? { ...o, label: t('auto') } : o))}
          onSelect={props.onQuality}
          {...menuProps}
        />
      ) : null}
      {snapshot.angles.length > 1 ? (
        <TrackMenu
          label={t('camera')}
          icon={<Icon name="camera" />}
          options={snapshot.angles.map((o, i) => ({
            ...o,
            label: o.label && o.label !== String(i + 1) ? o.label : t('cameraAngle', { n: i + 1 }),
          }))}
          onSelect={props.onAngle}
          {...menuProps}
        />
      ) : null}
      <button
        type="button"
        className={`player-btn${props.castState === 1 ? ' player-btn--on' : ''}`}
        aria-label={props.castState === 1 ? t('casting') : t('cast')}
        title={props.castState === 1 ? t('casting') : t('cast')}
        aria-busy={props.castState === 4 || undefined}
        onClick={props.onCast}
      >
        <Icon name="cast" />
      </button>
      <button
        type="button"
        className="player-btn"
        aria-label={props.fullscreen ? t('exitFullscreen') : t('fullscreen')}
        title={props.fullscreen ? t('exitFullscreen') : t('fullscreen')}
        onClick={props.onFullscreen}
      >
        <Icon name={props.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
      </button>
    </div>
  );
}
