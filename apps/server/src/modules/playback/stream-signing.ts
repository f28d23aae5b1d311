import { PLAYBACK_TOKEN_GRACE_SECONDS, type DrmSystemsResponse } from '@pantalla/contracts';
import type { Platform } from '../../platform/module';
import { qualityOf, type PlaybackClaims, type PlaybackUrls, type RelayTarget, type StreamKind } from '../origin';
import { streamKindOf, type Caller } from './session-rules';
import type { StreamSessionRow } from './tables';

/** Device type of the web app (accounts spec section 9), the playback URL's `type`. */
export const DEVICE_TYPE = '300';
/** The playback URL's `model`: the web player. */
export const DEVICE_MODEL = 'web';

/** The signed URLs of a session: playback and restart URLs, segment tokens, licence servers. */
export class StreamSigning {
  constructor(
    private readonly config: Platform['config'],
    private readonly urls: PlaybackUrls,
  ) {}

  /** What a playback URL (or a per-user licence server's auth string) is signed over. */
  private claims(caller: Caller, sid: string, kind: StreamKind, id: number): PlaybackClaims {
    return {
      sub: caller.userId,
      sid,
      kind,
      id,
      q: qualityOf(kind),
      model: DEVICE_MODEL,
      type: DEVICE_TYPE,
      op: this.config.operator.name,
      exp: caller.tokenExp + PLAYBACK_TOKEN_GRACE_SECONDS,
    };
  }

  url(caller: Caller, sid: string, kind: StreamKind, id: number): string {
    return this.urls.url(this.claims(caller, sid, kind, id));
  }

  segmentToken(sid: string): string {
    return this.urls.segmentToken(sid);
  }

  /** The relay URL of an external stream that asks for headers, bound to session `sid`. */
  relayUrl(sid: string, target: RelayTarget): string {
    return this.urls.relayUrl(sid, target);
  }

  licenceUrl(sid: string): string {
    return this.urls.licenceUrl(sid);
  }

  /** The session's licence servers: ClearKey, and Widevine/FairPlay when their templates are configured. */
  drmSystems(caller: Caller, session: Pick<StreamSessionRow, 'id' | 'kind' | 'contentId'>): DrmSystemsResponse {
    const kind = streamKindOf[session.kind];
    // The auth string is a token signed for this session and stream, like the playback URL's.
    const auth = this.urls.sign(this.claims(caller, session.id, kind, session.contentId));
    const fill = (template: string) =>
      template
        .replaceAll('{userId}', encodeURIComponent(String(caller.userId)))
        .replaceAll('{auth}', encodeURIComponent(auth))
        .replaceAll('{stream}', encodeURIComponent(`${kind}-${session.contentId}`));
    const { widevineTemplate, fairplayTemplate, fairplayCertificateUrl } = this.config.media;
    return {
      clearkey: this.urls.licenceUrl(session.id),
      widevine: widevineTemplate ? fill(widevineTemplate) : null,
      fairplay: fairplayTemplate
        ? { licenseUrl: fill(fairplayTemplate), certificateUrl: fairplayCertificateUrl ?? null }
        : null,
    };
  }
}
