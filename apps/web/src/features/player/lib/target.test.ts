import { describe, expect, it } from 'vitest';
import { channelOf, targetOf } from './target';

describe('player targets', () => {
  it('plays live at the live edge on the channel session', () => {
    const live = {
      type: 'LIVE',
      contentId: 7,
      title: 'N',
      parental: 2,
      channelId: 7,
      startSeconds: 1_700_000_000,
      adult: false,
    } as const;
    expect(targetOf(live)).toEqual({ type: 'LIVE', id: 7, parental: 2, adult: false, startSeconds: null });
    expect(channelOf(live)).toBe(7);
  });
  it('plays the catch-up variant as CUTV of its event, from its start', () => {
    expect(targetOf({ type: 'CU', channelId: 5, parental: 7, eventId: 900 })).toEqual({
      type: 'CUTV',
      id: 900,
      parental: 7,
      adult: false,
      startSeconds: null,
    });
    expect(channelOf({ type: 'CU', channelId: 5, parental: 7, eventId: 900 })).toBe(5);
  });
  it('plays a recording as catch-up of its programme, opened by the recording, resuming (issue 29)', () => {
    const rec = { type: 'REC', contentId: 31, title: 'R', parental: 2, channelId: 5, eventId: 900 } as const;
    expect(targetOf(rec)).toEqual({
      type: 'CUTV',
      id: 900,
      recordingId: 31,
      parental: 2,
      adult: false,
      startSeconds: null,
    });
    expect(channelOf(rec)).toBe(5);
  });
  it('reports a catch-up variant without an event', () => {
    expect(targetOf({ type: 'CU', channelId: 5, parental: 2, eventId: null })).toEqual({ error: 'event-not-found' });
  });
  it('resumes a film at the link position, a series episode at the saved one', () => {
    expect(
      targetOf({ type: 'VOD', contentId: 3, title: 'F', parental: 2, extra: null, positionSeconds: 60, adult: false }),
    ).toMatchObject({ type: 'VOD', id: 3, startSeconds: 60 });
    expect(targetOf({ type: 'SERIE', contentId: 40, title: 'E', parental: 2, serieId: 4, season: 1 })).toMatchObject({
      type: 'SERIE',
      id: 40,
      startSeconds: null,
    });
    expect(channelOf({ type: 'SERIE', contentId: 40, title: 'E', parental: 2, serieId: 4, season: 1 })).toBeNull();
  });
});
