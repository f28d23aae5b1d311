/** How long the dial waits for another digit before it tunes (a remote control's pause). */
export const DIAL_WAIT_MS = 1500;
/** Numbers up to 9999: the fourth digit tunes at once. */
export const DIAL_MAX_DIGITS = 4;

export interface DialTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: DialTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Digits typed one after another make a channel number, as on a remote control: it tunes
 * DIAL_WAIT_MS after the last digit, at the fourth digit, or on Enter.
 */
export class ChannelDial {
  private digits = '';
  private handle: unknown = null;

  constructor(
    private readonly onDigits: (digits: string) => void,
    private readonly onDial: (number: number) => void,
    private readonly timers: DialTimers = realTimers,
  ) {}

  get typing(): boolean {
    return this.digits.length > 0;
  }

  press(digit: string): void {
    if (!/^[0-9]$/.test(digit)) return;
    // A leading zero dials nothing on a remote either.
    if (this.digits === '' && digit === '0') return;
    this.digits += digit;
    this.onDigits(this.digits);
    this.stopTimer();
    if (this.digits.length >= DIAL_MAX_DIGITS) this.commit();
    else this.handle = this.timers.set(() => this.commit(), DIAL_WAIT_MS);
  }

  commit(): void {
    this.stopTimer();
    if (!this.digits) return;
    const number = Number(this.digits);
    this.digits = '';
    this.onDigits('');
    this.onDial(number);
  }

  cancel(): void {
    this.stopTimer();
    if (!this.digits) return;
    this.digits = '';
    this.onDigits('');
  }

  private stopTimer(): void {
    if (this.handle !== null) this.timers.clear(this.handle);
    this.handle = null;
  }
}

/** The channel a number dials: its dial number in the lineup. */
export function channelByNumber<C extends { number: number }>(channels: readonly C[], number: number): C | null {
  return channels.find((c) => c.number === number) ?? null;
}
