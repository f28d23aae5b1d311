/** Demo media packaging and the pure DASH manifest builders. */

/** Fixed media parameters, the demo clip catalogue and the time-shift constants. */
export * from './constants';
/** Binary and font resolution (FFMPEG_PATH, PACKAGER_PATH, MEDIA_FONT_FILE). */
export { resolveFfmpegPath, resolveFontFile, resolvePackagerPath } from './tools';
/** Content keys: derivation from an install secret and the formats licences use. */
export {
  assertHex128,
  base64UrlToHex,
  deriveContentKey,
  deriveContentKeys,
  hexToBase64Url,
  kidToUuid,
  type ContentKey,
} from './keys';
/** The per-clip manifest.json format. */
export * from './clip-manifest';
/** Pure ffmpeg argument builders (test pattern, thumbnails, sprite sheets). */
export * from './encode/ffmpeg-args';
/** Pure shaka-packager argument builder. */
export { buildPackagerArgs, type PackagerOptions, type PackagerStream } from './encode/packager-args';
/** Spanish WebVTT generation. */
export { buildSubtitleCues, buildWebVtt, formatVttTimestamp, type SubtitleCue } from './encode/subtitles';
/** The runner that makes the demo media. */
export {
  CLIP_MANIFEST_FILE,
  COMPLETE_MARKER,
  prepareDemoMedia,
  readClipManifest,
  type MediaProgress,
  type MediaStep,
  type PrepareDemoMediaOptions,
  type PreparedClip,
} from './prepare';
/** fMP4 timestamp rewriting for looped clips. */
export { rewriteSegmentTime, type SegmentRewrite } from './mp4/rewrite-segment';
/** Serving one packaged clip under a key per channel or title. */
export { rekeySegment } from './mp4/rekey';
/** Init/media segment inspection. */
export { readInitInfo, readSegmentTimes, type InitInfo } from './mp4/probe';
/** Timeline → clip mapping for the origin (segments, sprite sheets, live availability). */
export * from './dash/segment-map';
/** Shared MPD pieces: URL options and the ClearKey system id. */
export { CLEARKEY_SYSTEM_ID, type MpdUrls } from './dash/period';
/** Static MPDs: VOD at catalogue duration, catch-up of an ended programme. */
export * from './dash/static-mpd';
/** Key periods: rotating live keys, one per fixed stretch of a channel timeline. */
export * from './dash/key-periods';
/** Dynamic MPDs: live channel, restart from the current programme's start. */
export * from './dash/dynamic-mpd';
