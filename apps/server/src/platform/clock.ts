/** Time source, injected so rules that depend on time are testable. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to, for tests. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.UTC(2026, 10, 22, 12, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
