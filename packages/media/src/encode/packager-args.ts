/** Pure shaka-packager argument builder: fMP4 segments, CENC with a raw key. */
import { SEGMENT_DURATION_SECONDS } from '../constants';
import { assertHex128 } from '../keys';

/** One input stream and where its init and media segments go. */
export interface PackagerStream {
  input: string;
  stream: 'video' | 'audio' | 'text';
  /** ISO 639-2 code written into the track. */
  language?: string;
  initSegment: string;
  /** Must contain `$Number$`. */
  segmentTemplate: string;
}

/** Options of one packaging run: every stream of one clip under one content key. */
export interface PackagerOptions {
  streams: readonly PackagerStream[];
  /** Key id and key, 32 hex digits each. */
  kid: string;
  key: string;
  segmentDurationSeconds?: number;
  /** Optional reference MPD (for debugging; the origin builds its own). */
  mpdOutput?: string;
}

function descriptor(stream: PackagerStream): string {
  const fields: Array<[string, string | undefined]> = [
    ['in', stream.input],
    ['stream', stream.stream],
    ['language', stream.language],
    ['init_segment', stream.initSegment],
    ['segment_template', stream.segmentTemplate],
  ];
  for (const [name, value] of fields) {
    // The descriptor syntax has no escaping: a comma or '=' would silently split a field.
    if (value !== undefined && /[,=]/.test(value))
      throw new Error(`packager ${name} may not contain ',' or '=': ${value}`);
  }
  if (!stream.segmentTemplate.includes('$Number$')) throw new Error('segment template needs $Number$');
  return fields
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

/**
 * Arguments for packaging and encrypting in one run. CENC (AES-CTR) with a raw key and the
 * Common PSSH system so Chromium's ClearKey finds the key id in the init segment; clear lead 0
 * because the packager otherwise leaves the first 5 s unencrypted. Text is never encrypted.
 */
export function buildPackagerArgs(options: PackagerOptions): string[] {
  const { streams, kid, key, segmentDurationSeconds = SEGMENT_DURATION_SECONDS, mpdOutput } = options;
  assertHex128(kid, 'kid');
  assertHex128(key, 'key');
  if (streams.length === 0) throw new Error('nothing to package');
  const args = streams.map(descriptor);
  args.push(
    '--enable_raw_key_encryption',
    '--keys',
    `label=:key_id=${kid.toLowerCase()}:key=${key.toLowerCase()}`,
    '--protection_scheme',
    'cenc',
    '--clear_lead',
    '0',
    '--protection_systems',
    'CommonSystem',
    '--segment_duration',
    String(segmentDurationSeconds),
  );
  if (mpdOutput) {
    args.push('--mpd_output', mpdOutput, '--generate_static_live_mpd', '--segment_template_constant_duration');
  }
  return args;
}
