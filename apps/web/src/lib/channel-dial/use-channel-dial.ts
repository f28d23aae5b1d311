import { useEffect, useRef, useState } from 'react';
import { ChannelDial, channelByNumber } from './channel-dial';
import { leavesKeyAlone } from '../keys';

export interface DialChannel {
  id: number;
  number: number;
  name: string;
}

export interface ChannelDialState {
  /** The digits typed so far ('' when none). */
  digits: string;
  /** The channel those digits name, if any. */
  match: DialChannel | null;
  /** A number just dialled that no channel has; null otherwise. */
  missing: number | null;
}

/**
 * Channel numbers typed on the keyboard (as on a remote control) tune that channel; Backspace
 * goes back to the channel before (the remote's "last channel" key). The player tunes the channel, the guide
 * brings its row into view; both through `goTo`.
 */
export function useChannelDial(
  enabled: boolean,
  channels: readonly DialChannel[],
  channelId: number | null,
  goTo: (channelId: number) => boolean,
): ChannelDialState {
  const [digits, setDigits] = useState('');
  const [missing, setMissing] = useState<number | null>(null);
  const latest = useRef({ channels, goTo });
  useEffect(() => {
    latest.current = { channels, goTo };
  });
  const last = useLastChannel(channelId);

  useEffect(() => {
    if (!enabled) return;
    const d = new ChannelDial(setDigits, (number) => {
      const channel = channelByNumber(latest.current.channels, number);
      setMissing(channel ? null : number);
      if (channel) latest.current.goTo(channel.id);
    });
    const onKey = (event: KeyboardEvent) => {
      if (leavesKeyAlone(event)) return;
      if (/^[0-9]$/.test(event.key)) {
        setMissing(null);
        d.press(event.key);
      } else if (event.key === 'Enter' && d.typing) d.commit();
      else if (event.key === 'Escape' && d.typing) d.cancel();
      else if (event.key === 'Backspace' && last.current !== null) latest.current.goTo(last.current);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      d.cancel();
    };
  }, [enabled, last]);

  // "No hay canal 35" stays a moment, then goes.
  useEffect(() => {
    if (missing === null) return;
    const timer = setTimeout(() => setMissing(null), 2500);
    return () => clearTimeout(timer);
  }, [missing]);

  const match = digits ? channelByNumber(channels, Number(digits)) : null;
  return { digits, match, missing };
}

/** The channel on screen before the current one (null until there was one). */
function useLastChannel(channelId: number | null) {
  const last = useRef<number | null>(null);
  const current = useRef(channelId);
  useEffect(() => {
    if (channelId === current.current) return;
    if (current.current !== null) last.current = current.current;
    current.current = channelId;
  }, [channelId]);
  return last;
}
