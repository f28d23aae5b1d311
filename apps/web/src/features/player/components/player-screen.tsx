import type { Channel } from '@pantalla/contracts';
import type { PlayerData } from '../../../lib/player-links';
import { usePlayerController } from '../hooks/use-player-controller';
import type { PlaybackTarget } from '../lib/playback-session';
import { ChannelDialOsd } from './channel-dial-osd';
import { PlayerControls } from './player-controls';
import { PlayerHeader, PlayerStage } from './player-stage';
import { PlayerPrompts } from './player-prompts';

export interface PlayerScreenProps {
  data: PlayerData;
  target: PlaybackTarget;
  channels: readonly Channel[];
  channelId: number | null;
}

/** The full-screen player: the stage, the header, the controls and the prompts over its controller's state. */
export function PlayerScreen(props: PlayerScreenProps) {
  const {
    user,
    rootRef,
    videoRef,
    textRef,
    setMenuOpen,
    adapter,
    snapshot,
    playback,
    channel,
    isLive,
    clear,
    live,
    zapping,
    dial,
    transport,
    back,
    cancelPin,
    fullscreen,
    cast,
    chrome,
    title,
    plan,
    format,
    access,
  } = usePlayerController(props);

  return (
    // The app's skip link leads here: the player is the page's main content.
    <main
      id="main"
      ref={rootRef}
      className={`player${chrome.visible ? '' : ' player--idle'}`}
      data-state={snapshot.status}
      data-mode={live.controls ? (live.controls.stop ? 'timeshift' : 'live') : 'vod'}
      onMouseMove={chrome.poke}
      onClick={chrome.poke}
    >
      <PlayerStage
        videoRef={videoRef}
        textRef={textRef}
        onPlayPause={transport.playPause}
        onFullscreen={fullscreen.toggle}
        fingerprint={clear ? plan : null}
        userId={user.userId}
        spinner={
          playback.phase.name === 'waiting'
            ? 'waiting'
            : clear && (snapshot.status === 'loading' || snapshot.buffering)
              ? 'loading'
              : null
        }
      />
      <PlayerHeader
        title={title}
        channel={channel ? { id: channel.id, logo: channel.logoURL, name: channel.name } : null}
        onBack={back}
      />
      <ChannelDialOsd dial={dial} />
      <PlayerControls
        adapter={adapter}
        snapshot={snapshot}
        range={
          isLive && playback.source === 'main' ? live.window : { start: snapshot.seekStart, end: snapshot.seekEnd }
        }
        format={format}
        live={live}
        transport={transport}
        zapping={zapping}
        fullscreen={fullscreen}
        cast={cast}
        onMenuOpenChange={setMenuOpen}
      />
      <PlayerPrompts playback={playback} productId={access?.productId ?? null} onBack={back} onPinCancel={cancelPin} />
    </main>
  );
}
