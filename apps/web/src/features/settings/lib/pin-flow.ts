/**
 * The parental PIN panel's steps (accounts spec section 4), numbered as the spec numbers them:
 * step 1 the old PIN (Change, Disable), step 4 define (the account password first, then the new
 * PIN), step 8 confirm. Pure: the screen sends what `send` says once a flow is complete.
 */
export type PinAction = 'define' | 'change' | 'disable';

export type PinFlow =
  | { step: 0 }
  | { step: 1; action: 'change' | 'disable' }
  | { step: 4; phase: 'password'; action: 'define' | 'change'; currentPin: string | null }
  | { step: 4; phase: 'pin'; action: 'define' | 'change'; currentPin: string | null; password: string }
  | { step: 8; action: 'define' | 'change'; currentPin: string | null; password: string; pin: string };

/** What the server is sent when a flow completes. */
export interface PinSend {
  currentPin: string | null;
  password: string | null;
  pin: string;
}

export type PinEvent =
  | { type: 'start'; action: PinAction }
  | { type: 'currentPinAccepted'; pin: string }
  | { type: 'passwordAccepted'; password: string }
  | { type: 'newPinEntered'; pin: string }
  | { type: 'cancel' };

export const IDLE: PinFlow = { step: 0 };

/** The configured PIN length (spec: "some labels say 4"; the contracts' schema holds 4 too). */
export const PIN_LENGTH = 4;
const PIN_PATTERN = new RegExp(`^\\d{${PIN_LENGTH}}$`);
export const isWellFormedPin = (pin: string): boolean => PIN_PATTERN.test(pin);

/** The next step; events that do not fit the current step leave it as it is. */
export function nextPinFlow(flow: PinFlow, event: PinEvent): PinFlow {
  if (event.type === 'cancel') return IDLE;
  if (event.type === 'start') {
    return event.action === 'define'
      ? { step: 4, phase: 'password', action: 'define', currentPin: null }
      : { step: 1, action: event.action };
  }
  if (event.type === 'currentPinAccepted' && flow.step === 1 && flow.action === 'change') {
    return { step: 4, phase: 'password', action: 'change', currentPin: event.pin };
  }
  if (event.type === 'passwordAccepted' && flow.step === 4 && flow.phase === 'password') {
    return { step: 4, phase: 'pin', action: flow.action, currentPin: flow.currentPin, password: event.password };
  }
  if (event.type === 'newPinEntered' && flow.step === 4 && flow.phase === 'pin') {
    return { step: 8, action: flow.action, currentPin: flow.currentPin, password: flow.password, pin: event.pin };
  }
  return flow;
}

/** Disable sends an empty PIN right after step 1 (spec). */
export function disableSend(currentPin: string): PinSend {
  return { currentPin, password: null, pin: '' };
}

/** Step 8: the confirmation must equal the first entry; null when it does not. */
export function confirmSend(flow: Extract<PinFlow, { step: 8 }>, confirmation: string): PinSend | null {
  if (confirmation !== flow.pin) return null;
  return { currentPin: flow.currentPin, password: flow.password, pin: flow.pin };
}
