import * as isoCountries from 'i18n-iso-countries/index.js';
import {
  ALREADY_CONFIRMED,
  CONFIRMATION_LINK_INVALID,
  REGISTRATION_MESSAGES,
  nameIssues,
  REGISTRATION_REFUSALS,
  type RegistrationForm,
  type RegistrationResponse,
} from '@pantalla/contracts';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import { describeWait, rateLimited, type AttemptLimiter, type Limit } from './attempt-limit';
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, signFormToken } from './form-token';
import type { IdentityRepository } from './identity.repository';
import type { Mailer } from './mail';
import { hashChosenPassword } from './password';
import { confirmationMail } from './registration-mail';
import type { RegistrationRepository } from './registration.repository';
import { hashOpaqueToken, newOpaqueToken } from './secrets';
import { DEFAULT_PROFILE } from './session.service';

const HOUR = 60 * 60 * 1000;
/** A confirmation link works once, for 7 days. */
export const CONFIRMATION_TTL_DAYS = 7;
export const CONFIRMATION_TTL_MS = CONFIRMATION_TTL_DAYS * 24 * HOUR;
/** Confirmation mails an account may ask for again. */
export const CONFIRMATION_RESEND_LIMIT: Limit = { max: 3, windowMs: HOUR };

/** The start of the 429 past REGISTRATION_ADDRESS_LIMIT sign-ups an hour; the wait follows. */
export const REGISTRATION_ADDRESS_REFUSAL = 'Demasiados registros desde esta conexión.';

/** One account per form token, over the whole time the token is valid (and the clock skew it allows). */
const FORM_TOKEN_USES: Limit = { max: 1, windowMs: FORM_TOKEN_MAX_AGE_MS + 2 * 60_000 };

/** An account just created, as the listeners of account creation see it. */
export interface CreatedAccount {
  id: number;
  email: string;
  regionId: number;
}

/** Runs when an account has been created; a failure undoes the account (the sign-up fails). */
export type AccountCreatedListener = (account: CreatedAccount) => Promise<void>;

/** What other modules may hook into: the composition root grants the sign-up packages here. */
export interface Signups {
  onAccountCreated(listener: AccountCreatedListener): void;
  /** How registration tells a product it sells (commerce's packages); until set, none: no form is two-step. */
  useProducts(isProduct: (packageId: number) => Promise<boolean>): void;
}

/** The registration form as the route hands it over, validated by the shared schema. */
export interface RegistrationInput {
  form: RegistrationForm;
  /** The two-step flow's product (a package id) as the client sent it; two-step only if it is one we sell. */
  product?: string | undefined;
  username: string;
  user_secondname: string;
  login: string;
  passw: string;
  country: string;
  sport: string;
  birthday: string;
  website: string;
  formToken: string;
}

/** Creating accounts (anti-automation, region, default profile, confirmation mail) and confirming their address. */
export class RegistrationService implements Signups {
  private readonly listeners: AccountCreatedListener[] = [];
  private isProduct: (packageId: number) => Promise<boolean> = async () => false;

  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock' | 'log'>,
    private readonly repo: RegistrationRepository,
    private readonly users: IdentityRepository,
    private readonly limiter: AttemptLimiter,
    private readonly mailer: Mailer,
  ) {}

  onAccountCreated(listener: AccountCreatedListener): void {
    this.listeners.push(listener);
  }

  useProducts(isProduct: (packageId: number) => Promise<boolean>): void {
    this.isProduct = isProduct;
  }

  /**
   * Two-step mode (which skips the names' letters rule, accounts spec 5) is the server's call:
   * only a product it sells makes a form two-step, never the client's say-so.
   */
  private async twoStep(product: string | undefined): Promise<boolean> {
    return product !== undefined && /^\d{1,9}$/.test(product) && (await this.isProduct(Number(product)));
  }

  /** A form token for a form opened now. */
  formToken(): { formToken: string; minFillMs: number } {
    return {
      formToken: signFormToken(this.deps.config.authSecret, this.deps.clock.now()),
      minFillMs: this.deps.config.registration.minFillMs,
    };
  }

  /** The region a country's accounts belong to (configuration: LATAM_COUNTRIES). */
  regionFor(country: string): number {
    const { latamCountries, latamRegionId, defaultRegionId } = this.deps.config.registration;
    return latamCountries.has(country.toUpperCase()) ? latamRegionId : defaultRegionId;
  }

  /**
   * Creates an account: the user with a slow password hash, the default profile, the
   * region by country, then the account-created listeners (the sign-up packages) and the
   * confirmation mail. If anything after the insert fails, the account is removed again,
   * so a failed sign-up leaves nothing half-made and the address free.
   */
  async register(input: RegistrationInput, address: string): Promise<RegistrationResponse> {
    // Per client address (REGISTRATION_ADDRESS_LIMIT an hour): a household registers a few, a script many.
    const limit: Limit = { max: this.deps.config.registration.perAddressPerHour, windowMs: HOUR };
    const attempt = await this.limiter.begin([{ key: `registration-address:${address}`, limit }]);
    if (attempt.wait > 0) {
      await attempt.forget();
      throw rateLimited(
        `${REGISTRATION_ADDRESS_REFUSAL} Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`,
        attempt.wait,
      );
    }
    try {
      this.checkAutomation(input);
    } catch (error) {
      // A form sent too fast is a person's to correct and send again: it does not use up the address's allowance.
      if (error instanceof AppError && error.message === REGISTRATION_REFUSALS.tooFast) await attempt.forget();
      throw error;
    }
    if (!(await this.twoStep(input.product))) {
      const names = nameIssues(input);
      if (names.length > 0) throw badRequest(names.join(' '));
    }
    if (input.form === 'register' && !isoCountries.isValid(input.country))
      throw badRequest(REGISTRATION_MESSAGES.countryRequired);
    const email = input.login.trim().toLowerCase();
    if (await this.users.findUserByEmail(email)) throw badRequest(REGISTRATION_MESSAGES.emailTaken);
    const passwordHash = await hashChosenPassword(input.passw);
    // Last, once everything else passed: a refused form (a taken email, a common password) keeps its token.
    const use = await this.spendFormToken(input.formToken);
    const now = this.deps.clock.now();
    const token = newOpaqueToken();
    const isFull = input.form === 'register';
    const user = await this.repo.createAccount(
      {
        email,
        passwordHash,
        name: input.username.trim(),
        surname: input.user_secondname.trim(),
        regionId: isFull ? this.regionFor(input.country) : this.deps.config.registration.defaultRegionId,
        channelOrder: '[]',
        pinHash: null,
        tokenVersion: 0,
        createdAt: now,
        country: isFull ? input.country : null,
        favouriteSport: isFull ? input.sport : null,
        birthday: input.birthday,
      },
      DEFAULT_PROFILE(now),
      { tokenHash: hashOpaqueToken(token), expiresAt: now + CONFIRMATION_TTL_MS, usedAt: null, createdAt: now },
    );
    if (!user) {
      await use.forget();
      throw badRequest(REGISTRATION_MESSAGES.emailTaken);
    }
    const account = { id: user.id, email: user.email, regionId: user.regionId };
    try {
      for (const listener of this.listeners) await listener(account);
      await this.mailer.send(this.mail(user.email, user.name, token));
    } catch (error) {
      this.deps.log.error(
        { err: error, userId: user.id },
        'registration could not be completed; the account is removed',
      );
      await this.repo.deleteAccount(user.id);
      throw error;
    }
    return { userId: user.id, email: user.email, regionId: user.regionId, emailConfirmed: false };
  }

  /** Confirms the address of a live link's account; the link then stops working. */
  async confirm(token: string): Promise<void> {
    const done = await this.repo.confirm(hashOpaqueToken(token), this.deps.clock.now());
    if (!done) throw badRequest(CONFIRMATION_LINK_INVALID);
  }

  /** Mails a new confirmation link to a signed-in account that has not confirmed yet. */
  async resendConfirmation(userId: number): Promise<void> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized();
    if (user.emailConfirmedAt !== null) throw conflict(ALREADY_CONFIRMED);
    const attempt = await this.limiter.begin([
      { key: `confirmation-mail:${userId}`, limit: CONFIRMATION_RESEND_LIMIT },
    ]);
    if (attempt.wait > 0) {
      await attempt.forget();
      throw rateLimited(
        `Ya te hemos enviado varios emails de confirmación. Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`,
        attempt.wait,
      );
    }
    const now = this.deps.clock.now();
    const token = newOpaqueToken();
    await this.repo.insertConfirmation({
      tokenHash: hashOpaqueToken(token),
      userId,
      expiresAt: now + CONFIRMATION_TTL_MS,
      usedAt: null,
      createdAt: now,
    });
    await this.mailer.send(this.mail(user.email, user.name, token));
  }

  /** The honeypot field and the form token: cheap checks that stop scripts posting blind. */
  private checkAutomation(input: RegistrationInput): void {
    if (input.website.trim() !== '') throw badRequest(REGISTRATION_REFUSALS.automated);
    const { authSecret, registration } = this.deps.config;
    const check = checkFormToken(authSecret, input.formToken, this.deps.clock.now(), registration.minFillMs);
    if (check === 'invalid') throw badRequest(REGISTRATION_REFUSALS.formExpired);
    if (check === 'too-fast') throw badRequest(REGISTRATION_REFUSALS.tooFast);
  }

  /**
   * A form token makes one account: its first use is recorded for as long as it is valid, and
   * any later one (another address, another email) is refused like an expired form.
   */
  private async spendFormToken(formToken: string): Promise<{ forget(): Promise<void> }> {
    const attempt = await this.limiter.begin([
      { key: `registration-form:${hashOpaqueToken(formToken)}`, limit: FORM_TOKEN_USES },
    ]);
    if (attempt.wait > 0) throw badRequest(REGISTRATION_REFUSALS.formExpired);
    return attempt;
  }

  private mail(to: string, name: string, token: string) {
    const { publicUrl, operator } = this.deps.config;
    return confirmationMail({
      to,
      name,
      operatorName: operator.name,
      link: `${publicUrl}/confirm/${token}`,
      validDays: CONFIRMATION_TTL_DAYS,
    });
  }
}
