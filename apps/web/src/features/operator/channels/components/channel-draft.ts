import type { OperatorChannel, OperatorChannelPatch } from '@pantalla/contracts';

/** The form's values: what PATCH takes, every field present (the logo as typed, '' for none). */
export interface ChannelDraft {
  name: string;
  number: number;
  logoUrl: string;
  genreId: number;
  packageId: number;
  parental: number;
  timeShift: boolean;
  catchupHours: number;
  enabled: boolean;
  fingerprint: OperatorChannel['fingerprint'];
}

export function draftOf(c: OperatorChannel): ChannelDraft {
  return {
    name: c.name,
    number: c.number,
    logoUrl: c.logoUrl ?? '',
    genreId: c.genreId,
    packageId: c.packageId,
    parental: c.parental,
    timeShift: c.timeShift,
    catchupHours: c.catchupHours,
    enabled: c.enabled,
    fingerprint: { ...c.fingerprint },
  };
}

/** A logo the server accepts: empty, https://…, or a path on this server. */
export function logoIsValid(value: string): boolean {
  const v = value.trim();
  return v === '' || /^https:\/\/[^\s/]+\S*$/i.test(v) || /^\/(?!\/)\S*$/.test(v);
}

/** Pure: the fields of `draft` that differ from `saved`, as a PATCH body (empty when nothing does). */
export function patchOf(saved: ChannelDraft, draft: ChannelDraft): OperatorChannelPatch {
  const patch: Record<string, unknown> = {};
  for (const key of [
    'name',
    'number',
    'genreId',
    'packageId',
    'parental',
    'timeShift',
    'catchupHours',
    'enabled',
  ] as const) {
    if (draft[key] !== saved[key]) patch[key] = typeof draft[key] === 'string' ? draft[key].trim() : draft[key];
  }
  if (draft.logoUrl.trim() !== saved.logoUrl) patch.logoUrl = draft.logoUrl.trim() === '' ? null : draft.logoUrl.trim();
  const fingerprint: Record<string, unknown> = {};
  for (const key of Object.keys(draft.fingerprint) as (keyof ChannelDraft['fingerprint'])[]) {
    if (draft.fingerprint[key] !== saved.fingerprint[key]) fingerprint[key] = draft.fingerprint[key];
  }
  if (Object.keys(fingerprint).length > 0) patch.fingerprint = fingerprint;
  return patch as OperatorChannelPatch;
}
