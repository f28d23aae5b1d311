import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Channel } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { logout, session as appSession, useAuthenticatedUser } from '../../account';
import { showError } from '../../../lib/error-modal-store';
import { liveLink, type PlayerData } from '../../../lib/player-links';
import { purchaseHref } from '../../../lib/purchase-links';
import { ExceededSessionsModal } from '../../../ui/exceeded-sessions-modal';
import { Spinner } from '../../../ui/spinner';
import { INITIAL_SNAPSHOT, ShakaAdapter } from '../adapter/shaka-adapter';
import { channelEventsQueryOptions, eventQueryOptions, filmQueryOptions, productsQueryOptions } from '../api/catalogue';
import { useCast, useControlsVisibility, useFullscreen, useMediaSession, useShortcuts } from '../hooks/use-chrome';
import { useLive } from '../hooks/use-live';
import { usePlayback, type PlaybackTarget } from '../hooks/use-playback';
import { actionFor, type MessageKey, type PlayerAction } from '../lib/errors';
import { fingerprintPlan } from '../lib/fingerprint';
import { clockTime, wallClock } from '../lib/format';
import { zapNeighbours, zapOrder, zapPreloadKey, zapTarget } from '../lib/zapping';
import { preloadChannels } from '../api/sessions';
import { ControlsBar } from './controls-bar';
import { FingerprintOverlay } from './fingerprint-overlay';
import { Icon } from './icons';
import { NoRightsModal } from './no-rights-modal';
import { PinModal } from './pin-modal';
import { ResetSessionsModal } from './reset-sessions-modal';

export interface PlayerScreenProps {
  data: PlayerData;
  target: PlaybackTarget;
  channels: readonly Channel[];
  channelId: number | null;
}

const TWO_HOURS = 2 * 3600_000;

/** The full-screen player: video, controls, overlays and the modals of the playback flow. */
export function PlayerScreen({ data, target, channels, channelId }: PlayerScreenProps) {
  const { t } = useTranslation(['player', 'common']);
  const navigate = useNavigate();
  const user = useAuthenticatedUser();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [adapter, setAdapter] = useState<ShakaAdapter | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeRef = useRef<() => Promise<void>>(() => Promise.resolve());
  // Adapter errors go to the playback flow of the moment (it changes with each zap).
  const onErrorRef = useRef<(error: { code: number; severity?: number; message?: string; data?: unknown[] }) => void>(() => undefined);

  const showAction = useCallback(
    (action: PlayerAction) => {
      switch (action.kind) {
        case 'session-expired':
        case 'account-missing':
          showError({ details: action.kind === 'session-expired' ? t('common:messages.sessionExpired') : t('player:messages.accountMissing') });
          // Session reset: close the stream session, then sign out here and on the server, so
          // no later 401 brings the old refresh cookie back in.
          void closeRef
            .current()
            .catch(() => undefined)
            .then(() => logout());
          return;
        case 'reset-sessions':
          // The reset-sessions prompt was declined.
          showError({ details: t('common:messages.resetSessionsRequired') });
          void navigate(paths.landing.getHref());
          return;
        case 'message': {
          const body = action.text ?? (action.message ? messageText(t, action.message) : '');
          showError({
            title: action.title === '39' ? t('common:messages.39') : action.title === 'playerError' ? t('common:messages.playerErrorTitle') : undefined,
            details: `${action.prefix ?? ''}${body}`,
            // A non-recoverable error offers only retry (the modal rule).
            canDismiss: action.recoverable,
            canRetry: !action.recoverable,
          });
          return;
        }
        default:
          return;
      }
    },
    [t, navigate],
  );

  // The adapter lives as long as the screen; zapping reuses it.
  useEffect(() => {
    const video = videoRef.current;
    const container = textRef.current;
    if (!video || !container) return;
    let created: ShakaAdapter | null = null;
    let disposed = false;
    void (async () => {
      if (!(await ShakaAdapter.isSupported())) {
        showAction(actionFor({ source: 'unsupported' }));
        return;
      }
      const next = new ShakaAdapter(video, container, { getIdToken: () => appSession.getState().userInfo?.idToken ?? null, onError: (e) => onErrorRef.current(e), env: import.meta.env });
      await next.attach();
      if (disposed) {
        void next.destroy();
        return;
      }
      created = next;
      setAdapter(next);
    })();
    return () => {
      disposed = true;
      void created?.destroy();
    };
  }, [showAction]);

  const snapshot = useSyncExternalStore(adapter?.subscribe ?? noSubscribe, adapter?.getSnapshot ?? initialSnapshot);
  const playback = usePlayback(adapter, target, { hasPin: user.hasPin, profileId: user.profiles[0]?.id ?? 0 }, showAction);
  useEffect(() => {
    closeRef.current = playback.close;
  });
  useEffect(() => {
    onErrorRef.current = playback.onPlayerError;
  });

  const channel = channels.find((c) => c.id === channelId) ?? null;
  const isLive = target.type === 'LIVE';
  // The programme window is fixed per screen (rounded, so the query is shared across zaps).
  const [now] = useState(() => Math.floor(Date.now() / 600_000) * 600_000);
  // Catalogue details wait for the first frame (or a refusal): on one server they would
  // otherwise queue with the manifest, licence and first segments.
  const started = snapshot.status !== 'loading' || playback.gate.kind !== 'none';
  const programmes = useQuery({ ...channelEventsQueryOptions(channelId ?? 0, now - TWO_HOURS, now + TWO_HOURS), enabled: started && isLive && channelId !== null });
  const event = useQuery({ ...eventQueryOptions(target.id), enabled: started && target.type === 'CUTV' });
  const film = useQuery({ ...filmQueryOptions(target.id), enabled: started && target.type === 'VOD' });
  const products = useQuery({ ...productsQueryOptions(), enabled: playback.gate.kind === 'no-rights' });

  const live = useLive({
    adapter,
    snapshot,
    enabled: isLive,
    tstv: channel?.tstv === 1,
    programmes: programmes.data?.resources ?? [],
    hasRestart: playback.session?.restartUrl != null,
    source: playback.source,
    switchSource: playback.switchSource,
  });
  const resetLive = live.reset;
  useEffect(() => resetLive(), [target.id, resetLive]);

  // Zapping: the user's order or the default one; unknown or not owned channels are skipped.
  const order = useMemo(() => zapOrder(channels, user.channelOrder), [channels, user.channelOrder]);
  const canZap = isLive && channelId !== null && order.length > 1;
  const zap = useCallback(
    (direction: 1 | -1) => {
      if (!canZap || channelId === null) return;
      const byId = new Map(channels.map((c) => [c.id, c]));
      const next = zapTarget(order, channelId, direction, (id) => byId.get(id)?.access.owned === true);
      const to = next === null ? undefined : byId.get(next);
      if (!to) return;
      void navigate(liveLink({ channelId: to.id, title: to.name, parental: to.parental, start: Date.now(), adult: to.adult }), { replace: true });
    },
    [canZap, channelId, channels, order, navigate],
  );

  // Once the picture is up, the channels a zap would reach are fetched ahead (manifest and
  // first segments); their keys still come through their own session when the zap opens it.
  const sessionOn = playback.sessionTarget;
  const sessionId = sessionOn?.type === 'LIVE' && sessionOn.id === channelId ? (playback.session?.id ?? null) : null;
  const pictureUp = snapshot.status !== 'loading';
  useEffect(() => {
    if (!adapter || !canZap || channelId === null || sessionId === null || !pictureUp) return;
    const byId = new Map(channels.map((c) => [c.id, c]));
    const neighbours = zapNeighbours(order, channelId, (id) => byId.get(id)?.access.owned === true);
    if (neighbours.length === 0) return;
    const controller = new AbortController();
    preloadChannels(sessionId, neighbours, controller.signal)
      .then(({ resources }) => {
        adapter.keepPreloads(resources.map((r) => zapPreloadKey(r.channelId)));
        for (const r of resources) adapter.preload(zapPreloadKey(r.channelId), r.url);
      })
      // Preloading only saves time; zapping works without it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [adapter, canZap, channelId, sessionId, pictureUp, channels, order]);

  const playPause = useCallback(() => {
    if (!adapter) return;
    if (adapter.getSnapshot().status === 'playing') {
      adapter.pause();
      if (isLive) live.onPause();
    } else {
      if (isLive) live.onResume();
      adapter.play();
    }
  }, [adapter, isLive, live]);
  const seek = useCallback((seconds: number) => (isLive ? live.seek(seconds) : adapter?.seek(seconds)), [adapter, isLive, live]);
  const jump = useCallback(
    (delta: number) => {
      if (!adapter || (live.controls && !live.controls.jumps)) return;
      seek(adapter.getSnapshot().currentTime + delta);
    },
    [adapter, live.controls, seek],
  );

  const back = useCallback(async () => {
    await playback.close();
    await adapter?.unload();
    if (window.history.length > 2) void navigate(-1);
    else void navigate(paths.landing.getHref());
  }, [adapter, navigate, playback]);

  const fullscreen = useFullscreen(rootRef);
  const cast = useCast(videoRef, (code) => showAction(actionFor({ source: 'cast', code })));
  const chrome = useControlsVisibility(menuOpen || snapshot.status !== 'playing');
  const gateOpen = playback.gate.kind !== 'none' && playback.gate.kind !== 'waiting';
  useShortcuts(!gateOpen, {
    playPause,
    fullscreen: fullscreen.toggle,
    mute: () => adapter?.setMuted(!snapshot.muted),
    jump,
    volume: (delta) => adapter?.setVolume(snapshot.volume + delta),
    zap,
    activity: chrome.poke,
  });

  const title = isLive ? [channel?.name, live.atPosition?.title ?? live.onAir?.title].filter(Boolean).join(' · ') : target.type === 'CUTV' ? (event.data?.title ?? '') : data.type !== 'CU' ? data.title : '';
  useMediaSession({ title: title || t('player:label'), artist: channel?.name ?? '' }, { play: () => adapter?.play(), pause: () => adapter?.pause(), jump, zap: canZap ? zap : undefined });
  const plan = useMemo(() => (channel ? fingerprintPlan(channel) : null), [channel]);

  const format = useCallback(
    (seconds: number) => (isLive && snapshot.presentationStartMs !== null ? wallClock(snapshot.presentationStartMs + seconds * 1000) : clockTime(seconds)),
    [isLive, snapshot.presentationStartMs],
  );
  const range = isLive && playback.source === 'main' ? live.window : { start: snapshot.seekStart, end: snapshot.seekEnd };

  const access = channel?.access ?? film.data?.access ?? event.data?.access ?? null;
  const product = access?.productId == null ? undefined : products.data?.ppvSubsProducts.find((p) => p.id === access.productId);
  const buy = () =>
    void navigate(
      product
        ? purchaseHref({ start: product.fcIni, end: product.fcEnd, title: product.title, description: product.subtitle, priceCents: product.priceCents, currency: product.curr, channelId: product.channelId, packageId: product.packageID, recurring: product.recurring, interval: product.interval ?? 'month' })
        : paths.checkout.getHref(),
    );

  const loading = playback.gate.kind === 'none' && (snapshot.status === 'loading' || snapshot.buffering);
  return (
    <div
      ref={rootRef}
      className={`player${chrome.visible ? '' : ' player--idle'}`}
      data-state={snapshot.status}
      data-mode={live.controls ? (live.controls.stop ? 'timeshift' : 'live') : 'vod'}
      onMouseMove={chrome.poke}
      onClick={chrome.poke}
    >
      <div ref={textRef} className="player__stage">
        <video ref={videoRef} className="player__video" playsInline onDoubleClick={fullscreen.toggle} onClick={playPause} />
      </div>
      {/* A watermark of the picture: not over a PIN, rights or sessions prompt. */}
      <FingerprintOverlay plan={playback.gate.kind === 'none' ? plan : null} userId={user.userId} />
      {loading ? (
        <div className="player__spinner">
          <Spinner label={t('player:loading')} />
        </div>
      ) : null}
      {playback.gate.kind === 'waiting' ? (
        <div className="player__spinner">
          <Spinner label={t('player:waiting')} />
        </div>
      ) : null}
      <header className="player__top">
        <button type="button" className="player-btn" aria-label={t('player:back')} title={t('player:back')} onClick={() => void back()}>
          <Icon name="back" />
        </button>
        {channel?.logoURL ? <img className="player__logo" src={channel.logoURL} alt="" /> : null}
        <h1 className="player__title">{title}</h1>
      </header>
      <ControlsBar
        snapshot={snapshot}
        range={range}
        format={format}
        live={live.controls ? { active: true, timeShifted: live.controls.stop, ...live.controls } : null}
        canZap={canZap}
        fullscreen={fullscreen.fullscreen}
        castState={cast.state}
        onPlayPause={playPause}
        onSeek={seek}
        onJump={jump}
        onRestart={live.restart}
        onBackToLive={live.goLive}
        onZap={zap}
        onVolume={(v) => adapter?.setVolume(v)}
        onMute={(m) => adapter?.setMuted(m)}
        onAudio={(id) => adapter?.selectAudio(id)}
        onText={(id) => adapter?.selectText(id)}
        onQuality={(id) => adapter?.selectQuality(id)}
        onAngle={(id) => adapter?.selectAngle(id)}
        onFullscreen={fullscreen.toggle}
        onCast={cast.prompt}
        onMenuOpenChange={setMenuOpen}
        thumbnailAt={(s) => adapter?.thumbnailAt(s) ?? Promise.resolve(null)}
      />
      <PinModal open={playback.gate.kind === 'pin'} wrong={playback.gate.kind === 'pin' && playback.gate.wrong} onSubmit={playback.submitPin} onCancel={() => void back()} />
      <NoRightsModal open={playback.gate.kind === 'no-rights'} onBack={() => void back()} onBuy={products.isPending ? null : buy} />
      <ExceededSessionsModal
        open={playback.gate.kind === 'exceeded-sessions'}
        busy={playback.gate.kind === 'exceeded-sessions' && playback.gate.busy}
        onAnswer={(answer) => (answer === 1 ? playback.answerExceeded(1) : void back())}
      />
      <ResetSessionsModal open={playback.gate.kind === 'reset-sessions'} onAnswer={playback.answerResetSessions} />
    </div>
  );
}

const noSubscribe = () => () => undefined;

const PLAYER_MESSAGES = new Set<MessageKey>(['accountMissing', 'castNoReceivers', 'castUnavailable', 'castFailed']);
function messageText(t: TFunction<['player', 'common']>, key: MessageKey): string {
  return PLAYER_MESSAGES.has(key) ? t(`player:messages.${key as 'accountMissing'}`) : t(`common:messages.${key as 'sessionExpired'}`);
}
const initialSnapshot = () => INITIAL_SNAPSHOT;
