import type { PlayerSnapshot, ShakaAdapter } from '../adapter/shaka-adapter';
import type { CastState } from '../hooks/use-chrome';
import type { useLive } from '../hooks/use-live';
import type { useTransport } from '../hooks/use-transport';
import { ControlsBar } from './controls-bar';

export interface PlayerControlsProps {
  adapter: ShakaAdapter | null;
  snapshot: PlayerSnapshot;
  range: { start: number; end: number };
  format: (seconds: number) => string;
  live: ReturnType<typeof useLive>;
  transport: ReturnType<typeof useTransport>;
  zapping: { canZap: boolean; zap: (direction: 1 | -1) => void };
  fullscreen: { fullscreen: boolean; toggle: () => void };
  cast: { state: CastState; prompt: () => void };
  onMenuOpenChange: (open: boolean) => void;
}

/** The controls bar wired to the adapter (tracks, volume, quality), live viewing, zapping and the chrome. */
export function PlayerControls({
  adapter,
  snapshot,
  range,
  format,
  live,
  transport,
  zapping,
  fullscreen,
  cast,
  onMenuOpenChange,
}: PlayerControlsProps) {
  return (
    <ControlsBar
      snapshot={snapshot}
      range={range}
      format={format}
      live={live.controls ? { active: true, timeShifted: live.controls.stop, ...live.controls } : null}
      canZap={zapping.canZap}
      fullscreen={fullscreen.fullscreen}
      castState={cast.state}
      onPlayPause={transport.playPause}
      onSeek={transport.seek}
      onJump={transport.jump}
      onRestart={live.restart}
      onBackToLive={live.goLive}
      onZap={zapping.zap}
      onVolume={(v) => adapter?.setVolume(v)}
      onMute={(m) => adapter?.setMuted(m)}
      onAudio={(id) => adapter?.selectAudio(id)}
      onText={(id) => adapter?.selectText(id)}
      onQuality={(id) => adapter?.selectQuality(id)}
      onAngle={(id) => adapter?.selectAngle(id)}
      onFullscreen={fullscreen.toggle}
      onCast={cast.prompt}
      onMenuOpenChange={onMenuOpenChange}
      thumbnailAt={(s) => adapter?.thumbnailAt(s) ?? Promise.resolve(null)}
    />
  );
}
