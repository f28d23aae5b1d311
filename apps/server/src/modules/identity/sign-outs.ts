/**
 * Identity's hook for what must end with an account's sign-ins: a password change or reset
 * signs the account out everywhere (token version bumped, refresh families revoked), and the
 * composition root has playback close the account's stream sessions through it. Identity
 * knows nothing of playback.
 */

/** Called once the sign-out is committed; awaited, so its effect is there when the route answers. */
export type SignedOutListener = (userId: number) => Promise<void>;

/** What other modules may do with it. */
export interface SignOuts {
  onSignedOutEverywhere(listener: SignedOutListener): void;
}

/** The hub identity's services announce through. A failing listener is reported, never undoes the sign-out. */
export class SignOutHub implements SignOuts {
  private readonly listeners: SignedOutListener[] = [];

  constructor(private readonly onError: (error: unknown) => void) {}

  onSignedOutEverywhere(listener: SignedOutListener): void {
    this.listeners.push(listener);
  }

  async signedOutEverywhere(userId: number): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(userId);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
