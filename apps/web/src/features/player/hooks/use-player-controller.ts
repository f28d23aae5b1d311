import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@pantalla/contracts';
import { useAuthenticatedUser } from '../../account';
import type { PlayerData } from '../../../lib/player-links';
import type { PlayerSnapshot } from '../adapter/shaka-adapter';
import { actionFor } from '../lib/errors';
import { fingerprintPlan } from '../lib/fingerprint';
import { clockTime, playerTitle, wallClock } from '../lib/format';
import { isClear, type PlaybackTarget } from '../lib/playback-session';
import { useBack } from './use-back';
import { useCast, useControlsVisibility, useFullscreen, useMediaSession, useShortcuts } from './use-chrome';
import { useLive } from './use-live';
import { usePlayback } from './use-playback';
import { usePlayerAdapter } from './use-player-adapter';
import { usePlayerDetails } from './use-player-details';
import { useShowAction } from './use-show-action';
import { useTransport } from './use-transport';
import { useZapping } from './use-zapping';
import { useZapWithin } from './use-zap-within';
import { useChannelDial } from '../../../lib/channel-dial/use-channel-dial';

export interface PlayerControllerInput {
  data: PlayerData;
  target: PlaybackTarget;
  channels: readonly Channel[];
  channelId: number | null;
}

type AdapterError = { code: number; severity?: number; message?: string; data?: unknown[] };

/**
 * The player screen's state: it composes the adapter (picture), the playback session (the
 * prompts), live viewing and time-shift, zapping and the chrome (fullscreen, cast, shortcuts,
 * media session), and answers what the screen lays out.
 */
export function usePlayerController({ data, target, channels, channelId }: PlayerControllerInput) {
  const { t } = useTranslation('player');
  const user = useAuthenticatedUser();
  const rootRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // The playback flow of the moment: the adapter's errors and the sign-out's close go to it.
  const closeRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const onErrorRef = useRef<(error: AdapterError) => void>(() => undefined);
  const showAction = useShowAction(closeRef);
  const { adapter, snapshot } = usePlayerAdapter(
    videoRef,
    textRef,
    { onError: (e) => onErrorRef.current(e), onStartFailure: (failure) => showAction(actionFor(failure)) },
    { itemType: target.type, itemId: target.id },
  );
  const playback = usePlayback(
    adapter,
    target,
    { hasPin: user.hasPin, profileId: user.profiles[0]?.id ?? 0 },
    showAction,
  );
  useEffect(() => {
    closeRef.current = playback.close;
    onErrorRef.current = playback.onPlayerError;
  });

  const channel = channels.find((c) => c.id === channelId) ?? null;
  const isLive = target.type === 'LIVE';
  const clear = isClear(playback.phase);
  const details = usePlayerDetails(target, channelId, snapshot.status !== 'loading' || !clear);
  const live = useLive({
    adapter,
    snapshot,
    enabled: isLive,
    tstv: channel?.tstv === 1,
    programmes: details.programmes,
    hasRestart: playback.session?.opened.restartUrl != null,
    source: playback.source,
    switchSource: playback.switchSource,
  });
  const resetLive = live.reset;
  useEffect(() => resetLive(), [target.id, resetLive]);
  // Opened from a filtered guide: zapping, the dial and its last channel stay within the filter (issue 30).
  const zapWithin = useZapWithin();
  const dialChannels = useMemo(() => {
    if (!zapWithin) return channels;
    const within = new Set(zapWithin);
    return channels.filter((c) => within.has(c.id));
  }, [channels, zapWithin]);
  const zapping = useZapping({
    adapter,
    channels,
    channelId: isLive ? channelId : null,
    channelOrder: zapWithin ?? user.channelOrder,
    session: playback.session,
    pictureUp: snapshot.status !== 'loading',
  });
  const transport = useTransport(adapter, live, isLive, useSkipAheadLimit(playback.session?.opened, snapshot));
  const dial = useChannelDial(clear && isLive, dialChannels, isLive ? channelId : null, zapping.goTo);

  const back = useBack(playback.close, adapter);
  const cancelPin = usePinCancel(playback.previous, zapping.goTo, back);

  const fullscreen = useFullscreen(rootRef);
  const cast = useCast(videoRef, (code) => showAction(actionFor({ source: 'cast', code })));
  const chrome = useControlsVisibility(menuOpen || snapshot.status !== 'playing');
  useShortcuts(clear || playback.phase.name === 'waiting', {
    playPause: transport.playPause,
    jump: transport.jump,
    fullscreen: fullscreen.toggle,
    mute: () => adapter?.setMuted(!snapshot.muted),
    volume: (delta) => adapter?.setVolume(snapshot.volume + delta),
    zap: zapping.zap,
    activity: chrome.poke,
  });
  const title = playerTitle({
    type: target.type,
    linkTitle: data.type === 'CU' ? null : data.title,
    channelName: channel?.name,
    programmeTitle: (live.atPosition ?? live.onAir)?.title,
    eventTitle: details.event?.title,
    filmTitle: details.film?.title,
  });
  useMediaSession(
    { title: title || t('label'), artist: channel?.name ?? '' },
    {
      play: () => adapter?.play(),
      pause: () => adapter?.pause(),
      jump: transport.jump,
      zap: zapping.canZap ? zapping.zap : undefined,
    },
  );
  const plan = useMemo(() => (channel ? fingerprintPlan(channel) : null), [channel]);
  const format = useTimeFormat(isLive, snapshot);
  const access = channel?.access ?? details.film?.access ?? details.event?.access ?? null;

  return {
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
  };
}

/**
 * How far the viewer has watched a recording whose channel forbids skipping ahead (issue 29;
 * the session's answer says canSkipAhead false); null when seeking is free.
 */
function useSkipAheadLimit(opened: object | undefined, snapshot: PlayerSnapshot): RefObject<number> | null {
  const furthest = useRef(0);
  const sessionId = opened && 'id' in opened ? opened.id : null;
  useEffect(() => {
    furthest.current = 0;
  }, [sessionId]);
  useEffect(() => {
    if (snapshot.status !== 'loading' && snapshot.currentTime > furthest.current)
      furthest.current = snapshot.currentTime;
  }, [snapshot.currentTime, snapshot.status]);
  const limited = opened !== undefined && 'canSkipAhead' in opened && opened.canSkipAhead === false;
  return limited ? furthest : null;
}

/** The PIN prompt's Cancel: after a zap into a channel behind the PIN, back to the channel that played; else leave. */
function usePinCancel(
  previous: PlaybackTarget | null,
  goTo: (channelId: number) => boolean,
  back: () => void,
): () => void {
  const previousChannel = previous?.type === 'LIVE' ? previous.id : null;
  return useCallback(() => {
    if (previousChannel === null || !goTo(previousChannel)) back();
  }, [previousChannel, goTo, back]);
}

/** Positions as wall-clock times on live streams, as 'h:mm:ss' elsewhere. */
function useTimeFormat(isLive: boolean, snapshot: PlayerSnapshot): (seconds: number) => string {
  const start = snapshot.presentationStartMs;
  return useCallback(
    (seconds: number) => (isLive && start !== null ? wallClock(start + seconds * 1000) : clockTime(seconds)),
    [isLive, start],
  );
}
