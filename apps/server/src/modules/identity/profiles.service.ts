import {
  PROFILE_AVATARS,
  PROFILE_DEFAULT_UNDELETABLE,
  PROFILE_KIDS_SETTINGS,
  PROFILE_LIMIT_REACHED,
  PROFILE_NOT_FOUND,
  PROFILE_NOT_YOURS,
  PROFILE_PIN_REQUIRED,
  PROFILE_LANGUAGES,
  PROFILE_TOKEN_REFUSED,
  idParamSchema,
  type NewProfile,
  type ProfileDetail,
  type ProfileSelected,
  type ProfileUpdate,
} from '@pantalla/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import type { IdentityRepository } from './identity.repository';
import type { ParentalService } from './parental.service';
import { looksLikeToken, signProfileToken, verifyProfileToken } from './profile-token';
import type { ProfilesRepository } from './profiles.repository';
import { DEFAULT_PROFILE, PERSISTENT_REFRESH_TTL_MS } from './session.service';
import type { ProfileRow } from './tables';

/** A profile as other modules see it: whose it is and whether it is a kids one. */
export interface ProfileContext {
  id: number;
  userId: number;
  kind: 'adult' | 'kids';
  /** The highest rating a kids profile may see (KIDS_MAX_RATING); rating 7 and the adult section never. */
  kidsMaxRating: number;
}

/** Called when a profile is deleted: each module removes what it kept for that profile. */
export type ProfileDeletedListener = (userId: number, profileId: number) => Promise<void>;

/** What other modules ask of profiles: the one a request names, checked against the account. */
export interface ProfileResolver {
  /**
   * The profile a request names: a string is the PROFILE_HEADER's value, which must be a
   * profile token this server signed for this account at /select (400 when it is not a token at
   * all, a bare id included; 403 PROFILE_TOKEN_REFUSED when forged, expired, of another account,
   * of a closed sign-in or of a deleted profile). A number is a stored id or the spec's session
   * `profileId` (403 when not the account's). Absent, empty or 0 is the first profile, unless
   * `signIn` (the request's sign-in) last chose another at /select: then that one. A sign-in that
   * chose a kids profile stays in it without its token, whatever a body's profileId says.
   */
  resolve(userId: number, requested: string | number | undefined, signIn?: string): Promise<ProfileContext>;
  /** Registers a module's clean-up for deleted profiles. */
  onDeleted(listener: ProfileDeletedListener): void;
}

/** The refusal's data, the same in every language: the app drops its token and chooses again. */
const TOKEN_REFUSED = { profile: 'token_refused' } as const;

const avatarOf = (stored: string): ProfileDetail['avatar'] =>
  (PROFILE_AVATARS as readonly string[]).includes(stored) ? (stored as ProfileDetail['avatar']) : 'sol';
const languageOf = (stored: string | null): ProfileDetail['language'] =>
  stored !== null && (PROFILE_LANGUAGES as readonly string[]).includes(stored)
    ? (stored as ProfileDetail['language'])
    : null;

/** A stored profile as the API shows it; the first of the account is its default. */
export function toProfileDetail(row: ProfileRow, firstId: number | undefined): ProfileDetail {
  return {
    id: row.id,
    isAdult: row.isAdult === 1,
    name: row.name,
    avatar: avatarOf(row.avatar),
    language: languageOf(row.language),
    kind: row.isAdult === 1 ? 'adult' : 'kids',
    isDefault: row.id === firstId,
  };
}

/** Profiles of an account (issue 30): up to PROFILES_MAX, the first undeletable, kids ones guarded. */
export class ProfilesService implements ProfileResolver {
  private readonly listeners: ProfileDeletedListener[] = [];

  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly users: IdentityRepository,
    private readonly repo: ProfilesRepository,
    private readonly parental: Pick<ParentalService, 'checkPin'>,
    /** Signs and checks profile tokens: the key (profileTokenKey) and whether a sign-in still stands. */
    private readonly tokens: { key: Buffer; familyLive(signIn: string): Promise<boolean> },
  ) {}

  onDeleted(listener: ProfileDeletedListener): void {
    this.listeners.push(listener);
  }

  /** The account's profiles; the default one is made on first use. */
  private rows(userId: number): Promise<ProfileRow[]> {
    return this.users.listProfilesCreatingDefault(userId, DEFAULT_PROFILE(this.deps.clock.now()));
  }

  async list(userId: number): Promise<ProfileDetail[]> {
    const rows = await this.rows(userId);
    return rows.map((row) => toProfileDetail(row, rows[0]?.id));
  }

  /**
   * What the profile a request acts as may change (issue 30: a kids profile has no settings but its
   * own): a kids profile creates and deletes nothing, changes no other profile and not its own kind.
   */
  private guardKids(current: ProfileContext | undefined, id: number | null, input?: ProfileUpdate): void {
    if (current?.kind !== 'kids') return;
    if (id === null || id !== current.id || input?.kind !== undefined) throw forbidden(PROFILE_KIDS_SETTINGS);
  }

  async create(userId: number, input: NewProfile, current?: ProfileContext): Promise<ProfileDetail> {
    this.guardKids(current, null);
    const rows = await this.rows(userId);
    const kids = input.kind === 'kids' || (input.kind === undefined && input.isAdult === false);
    const max = this.deps.config.profiles.max;
    const row = await this.repo.createWithin(
      {
        userId,
        name: input.name,
        isAdult: kids ? 0 : 1,
        avatar: input.avatar,
        language: input.language,
        createdAt: this.deps.clock.now(),
      },
      max,
    );
    if (!row) throw conflict(PROFILE_LIMIT_REACHED(max));
    return toProfileDetail(row, rows[0]?.id);
  }

  async update(userId: number, id: number, input: ProfileUpdate, current?: ProfileContext): Promise<ProfileDetail> {
    this.guardKids(current, id, input);
    const rows = await this.rows(userId);
    if (!rows.some((r) => r.id === id)) throw notFound(PROFILE_NOT_FOUND);
    // The first profile stays an adult one: it holds the account's settings and is the spec's default.
    if (input.kind === 'kids' && id === rows[0]?.id) throw conflict('El perfil principal no puede ser infantil.');
    const row = await this.repo.update(userId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.kind !== undefined ? { isAdult: input.kind === 'kids' ? 0 : 1 } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    });
    if (!row) throw notFound(PROFILE_NOT_FOUND);
    return toProfileDetail(row, rows[0]?.id);
  }

  /** Deletes a profile that is not the first, with what every module kept for it. */
  async remove(userId: number, id: number, current?: ProfileContext): Promise<void> {
    this.guardKids(current, null);
    const rows = await this.rows(userId);
    if (!rows.some((r) => r.id === id)) throw notFound(PROFILE_NOT_FOUND);
    if (rows[0]?.id === id) throw conflict(PROFILE_DEFAULT_UNDELETABLE);
    for (const listener of this.listeners) await listener(userId, id);
    await this.repo.remove(userId, id);
  }

  /**
   * Switching to profile `id` from the one the request's profile token names (the first without
   * one): into an adult profile from a kids one asks the parental PIN when the account has one
   * (the PIN's attempt limit applies). Answers a new profile token bound to the account, the
   * profile and the sign-in.
   */
  async select(
    caller: { userId: number; signIn?: string | undefined },
    id: number,
    from: string | undefined,
    pin: string | undefined,
  ): Promise<ProfileSelected> {
    const { userId } = caller;
    const rows = await this.rows(userId);
    const target = rows.find((r) => r.id === id);
    if (!target) throw notFound(PROFILE_NOT_FOUND);
    const current = await this.resolve(userId, from ?? '', caller.signIn);
    const user = await this.users.findUserById(userId);
    if (!user) throw forbidden(PROFILE_NOT_YOURS);
    if (current.kind === 'kids' && target.isAdult === 1 && user.pinHash) {
      if (pin === undefined) throw forbidden(PROFILE_PIN_REQUIRED);
      await this.parental.checkPin(userId, pin);
    }
    const iat = Math.floor(this.deps.clock.now() / 1000);
    const exp = iat + Math.floor(PERSISTENT_REFRESH_TTL_MS / 1000);
    const profileToken = signProfileToken(this.tokens.key, {
      sub: userId,
      pid: target.id,
      ver: user.tokenVersion,
      ...(caller.signIn !== undefined ? { sid: caller.signIn } : {}),
      iat,
      exp,
    });
    if (caller.signIn !== undefined) await this.repo.remember(caller.signIn, userId, target.id, this.deps.clock.now());
    return { profile: toProfileDetail(target, rows[0]?.id), profileToken, profileTokenExpiration: exp };
  }

  async resolve(userId: number, requested: string | number | undefined, signIn?: string): Promise<ProfileContext> {
    const rows = await this.rows(userId);
    let row = rows[0];
    // Without a token, the sign-in's last choice: the first profile, or a kids one it cannot leave by omission.
    const rememberedId = signIn !== undefined ? await this.repo.rememberedFor(signIn, userId) : undefined;
    const remembered = rows.find((r) => r.id === rememberedId);
    if (typeof requested === 'string' && requested !== '') {
      const { pid, sid } = await this.profileOfToken(userId, requested);
      row = rows.find((r) => r.id === pid);
      // A deleted profile's token: pick again.
      if (!row) throw forbidden(PROFILE_TOKEN_REFUSED, TOKEN_REFUSED);
      // A sign-in in a kids profile leaves it only through its own /select (the PIN): another
      // sign-in's token (copied from a parent's device) is refused.
      if (remembered?.isAdult === 0 && row.id !== remembered.id && sid !== signIn)
        throw forbidden(PROFILE_TOKEN_REFUSED, TOKEN_REFUSED);
    } else if (remembered?.isAdult === 0) {
      row = remembered;
    } else if ((requested === undefined || requested === '') && remembered) {
      row = remembered;
    } else if (typeof requested === 'number' && requested !== 0) {
      const parsed = idParamSchema.safeParse(requested);
      if (!parsed.success) throw badRequest('El perfil indicado no es válido.');
      row = rows.find((r) => r.id === parsed.data);
      if (!row) throw forbidden(PROFILE_NOT_YOURS);
    }
    if (!row) throw forbidden(PROFILE_NOT_YOURS);
    const kind = row.isAdult === 1 ? 'adult' : 'kids';
    return { id: row.id, userId, kind, kidsMaxRating: this.deps.config.profiles.kidsMaxRating };
  }

  /** The profile id a header's token names, once its signature, account, expiry and sign-in are checked. */
  private async profileOfToken(userId: number, value: string): Promise<{ pid: number; sid: string | undefined }> {
    if (value.length > 2048 || !looksLikeToken(value)) throw badRequest('El perfil indicado no es válido.');
    const check = verifyProfileToken(this.tokens.key, value, Math.floor(this.deps.clock.now() / 1000));
    if (!check.ok) throw forbidden(PROFILE_TOKEN_REFUSED, TOKEN_REFUSED);
    const claims = check.claims;
    if (claims.sub !== userId) throw forbidden(PROFILE_NOT_YOURS, TOKEN_REFUSED);
    const user = await this.users.findUserById(userId);
    if (!user || user.tokenVersion !== claims.ver) throw forbidden(PROFILE_TOKEN_REFUSED, TOKEN_REFUSED);
    if (claims.sid !== undefined && !(await this.tokens.familyLive(claims.sid)))
      throw forbidden(PROFILE_TOKEN_REFUSED, TOKEN_REFUSED);
    return { pid: claims.pid, sid: claims.sid };
  }
}
