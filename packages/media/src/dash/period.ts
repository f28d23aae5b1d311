/** The AdaptationSets every MPD kind shares: CENC video and audio, wvtt text, thumbnails. */
import type { AudioTrack, ClipManifest, ClipTrack, TextTrack, VideoTrack } from '../clip-manifest';
import { kidToUuid } from '../keys';
import { segmentNumberAt, thumbnailStartNumber } from './segment-map';
import { attributes, escapeXml } from './xml';

/** ClearKey system id (W3C), as DASH-IF and Shaka name it. */
export const CLEARKEY_SYSTEM_ID = 'e2719d58-a985-b3c9-781a-b030af78d30e';

/** Where the player fetches segments and licences; all chosen by the caller (the origin). */
export interface MpdUrls {
  /** <BaseURL> for every segment; omitted = relative to the MPD's own URL. */
  baseUrl?: string;
  /** Query string (without '?') added to every segment URL, e.g. a signed token. */
  query?: string;
  /** ClearKey licence server (dashif:Laurl). The key itself never appears in an MPD. */
  licenseUrl: string;
}

// In a SegmentTemplate a literal '$' must be doubled.
function templateUrl(path: string, query: string | undefined): string {
  return query ? `${path}?${query.replace(/\$/g, '$$$$')}` : path;
}

function contentProtection(kid: string, licenseUrl: string): string[] {
  return [
    `      <ContentProtection${attributes({ schemeIdUri: 'urn:mpeg:dash:mp4protection:2011', value: 'cenc', 'cenc:default_KID': kidToUuid(kid) })}/>`,
    `      <ContentProtection${attributes({ schemeIdUri: `urn:uuid:${CLEARKEY_SYSTEM_ID}`, value: 'ClearKey1.0' })}>`,
    `        <dashif:Laurl>${escapeXml(licenseUrl)}</dashif:Laurl>`,
    '      </ContentProtection>',
  ];
}

interface Placement {
  startNumber: number;
  offsetSeconds: number;
}

function segmentTemplate(clip: ClipManifest, track: ClipTrack, urls: MpdUrls, at: Placement, indent: string): string {
  const pto = Math.round(at.offsetSeconds * track.timescale);
  return `${indent}<SegmentTemplate${attributes({
    timescale: track.timescale,
    duration: Math.round(clip.segmentDurationSeconds * track.timescale),
    startNumber: at.startNumber,
    presentationTimeOffset: pto === 0 ? undefined : pto,
    initialization: templateUrl(track.initFile, urls.query),
    media: templateUrl(track.mediaTemplate, urls.query),
  })}/>`;
}

function videoSet(clip: ClipManifest, tracks: VideoTrack[], urls: MpdUrls, at: Placement, id: number): string[] {
  const maxWidth = Math.max(...tracks.map((t) => t.width));
  const maxHeight = Math.max(...tracks.map((t) => t.height));
  return [
    `    <AdaptationSet${attributes({ id, contentType: 'video', mimeType: 'video/mp4', segmentAlignment: true, startWithSAP: 1, maxWidth, maxHeight, frameRate: tracks[0]?.frameRate, par: '16:9' })}>`,
    ...(tracks.some((t) => t.encrypted) ? contentProtection(clip.kid, urls.licenseUrl) : []),
    ...tracks.flatMap((t) => [
      `      <Representation${attributes({ id: t.id, bandwidth: t.bandwidth, codecs: t.codecs, width: t.width, height: t.height, sar: '1:1' })}>`,
      segmentTemplate(clip, t, urls, at, '        '),
      '      </Representation>',
    ]),
    '    </AdaptationSet>',
  ];
}

function audioSet(clip: ClipManifest, t: AudioTrack, urls: MpdUrls, at: Placement, id: number): string[] {
  return [
    `    <AdaptationSet${attributes({ id, contentType: 'audio', mimeType: 'audio/mp4', lang: t.language, segmentAlignment: true, startWithSAP: 1 })}>`,
    ...(t.encrypted ? contentProtection(clip.kid, urls.licenseUrl) : []),
    `      <Role${attributes({ schemeIdUri: 'urn:mpeg:dash:role:2011', value: t.main ? 'main' : 'alternate' })}/>`,
    `      <Label>${escapeXml(t.label)}</Label>`,
    `      <Representation${attributes({ id: t.id, bandwidth: t.bandwidth, codecs: t.codecs, audioSamplingRate: t.sampleRate })}>`,
    `        <AudioChannelConfiguration${attributes({ schemeIdUri: 'urn:mpeg:dash:23003:3:audio_channel_configuration:2011', value: t.channels })}/>`,
    segmentTemplate(clip, t, urls, at, '        '),
    '      </Representation>',
    '    </AdaptationSet>',
  ];
}

function textSet(clip: ClipManifest, t: TextTrack, urls: MpdUrls, at: Placement, id: number): string[] {
  return [
    `    <AdaptationSet${attributes({ id, contentType: 'text', mimeType: 'application/mp4', lang: t.language, segmentAlignment: true })}>`,
    `      <Role${attributes({ schemeIdUri: 'urn:mpeg:dash:role:2011', value: 'subtitle' })}/>`,
    `      <Label>${escapeXml(t.label)}</Label>`,
    `      <Representation${attributes({ id: t.id, bandwidth: t.bandwidth, codecs: t.codecs })}>`,
    segmentTemplate(clip, t, urls, at, '        '),
    '      </Representation>',
    '    </AdaptationSet>',
  ];
}

function thumbnailSet(clip: ClipManifest, urls: MpdUrls, offsetSeconds: number, id: number): string[] {
  const th = clip.thumbnails;
  return [
    `    <AdaptationSet${attributes({ id, contentType: 'image', mimeType: th.mimeType })}>`,
    `      <SegmentTemplate${attributes({
      timescale: 1,
      duration: th.intervalSeconds * th.columns * th.rows,
      startNumber: thumbnailStartNumber(clip, offsetSeconds),
      media: templateUrl(th.urlTemplate, urls.query),
    })}/>`,
    `      <Representation${attributes({ id: 'thumbnails', bandwidth: th.bandwidth, width: th.tileWidth * th.columns, height: th.tileHeight * th.rows })}>`,
    `        <EssentialProperty${attributes({ schemeIdUri: 'http://dashif.org/thumbnail_tile', value: `${th.columns}x${th.rows}` })}/>`,
    '      </Representation>',
    '    </AdaptationSet>',
  ];
}

/**
 * The AdaptationSets of one Period whose presentation time 0 is `offsetSeconds` into the
 * clip's timeline (0 for live and VOD; the programme start for restart and catch-up):
 * startNumber is the segment holding that instant and presentationTimeOffset maps it to 0.
 */
export function renderAdaptationSets(clip: ClipManifest, urls: MpdUrls, offsetSeconds: number): string[] {
  if (!(offsetSeconds >= 0)) throw new RangeError('the window starts before the timeline');
  const at: Placement = { offsetSeconds, startNumber: segmentNumberAt(offsetSeconds, clip.segmentDurationSeconds) };
  const video = clip.tracks
    .filter((t): t is VideoTrack => t.type === 'video')
    .sort((a, b) => a.bandwidth - b.bandwidth);
  const audio = clip.tracks.filter((t): t is AudioTrack => t.type === 'audio');
  const text = clip.tracks.filter((t): t is TextTrack => t.type === 'text');
  let id = 0;
  return [
    ...(video.length > 0 ? videoSet(clip, video, urls, at, ++id) : []),
    ...audio.flatMap((t) => audioSet(clip, t, urls, at, ++id)),
    ...text.flatMap((t) => textSet(clip, t, urls, at, ++id)),
    ...thumbnailSet(clip, urls, offsetSeconds, ++id),
  ];
}

/** Opening <MPD> namespaces shared by every builder. */
export const MPD_NAMESPACES = attributes({
  xmlns: 'urn:mpeg:dash:schema:mpd:2011',
  'xmlns:cenc': 'urn:mpeg:cenc:2013',
  'xmlns:dashif': 'https://dashif.org/CPS',
  profiles: 'urn:mpeg:dash:profile:isoff-live:2011',
});

/** <BaseURL> line when the caller gives one. */
export function baseUrlLines(urls: MpdUrls): string[] {
  return urls.baseUrl ? [`  <BaseURL>${escapeXml(urls.baseUrl)}</BaseURL>`] : [];
}
