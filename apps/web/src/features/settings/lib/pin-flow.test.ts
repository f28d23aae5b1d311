import { describe, expect, it } from 'vitest';
import { confirmSend, disableSend, IDLE, isWellFormedPin, nextPinFlow, type PinFlow } from './pin-flow';

describe('parental PIN steps', () => {
  it('Define: step 4 password, then the new PIN, then step 8 confirm, then sends with the password', () => {
    let flow = nextPinFlow(IDLE, { type: 'start', action: 'define' });
    expect(flow).toEqual({ step: 4, phase: 'password', action: 'define', currentPin: null });
    flow = nextPinFlow(flow, { type: 'passwordAccepted', password: 'secreto' });
    expect(flow).toMatchObject({ step: 4, phase: 'pin' });
    flow = nextPinFlow(flow, { type: 'newPinEntered', pin: '2468' });
    expect(flow).toMatchObject({ step: 8, pin: '2468' });
    expect(confirmSend(flow as Extract<PinFlow, { step: 8 }>, '2468')).toEqual({
      currentPin: null,
      password: 'secreto',
      pin: '2468',
    });
  });

  it('Change: step 1 old PIN, then step 4, then step 8; sends the old PIN too', () => {
    let flow = nextPinFlow(IDLE, { type: 'start', action: 'change' });
    expect(flow).toEqual({ step: 1, action: 'change' });
    flow = nextPinFlow(flow, { type: 'currentPinAccepted', pin: '1234' });
    expect(flow).toEqual({ step: 4, phase: 'password', action: 'change', currentPin: '1234' });
    flow = nextPinFlow(nextPinFlow(flow, { type: 'passwordAccepted', password: 'pw' }), {
      type: 'newPinEntered',
      pin: '5678',
    });
    expect(confirmSend(flow as Extract<PinFlow, { step: 8 }>, '5678')).toEqual({
      currentPin: '1234',
      password: 'pw',
      pin: '5678',
    });
  });

  it('Disable: step 1 only, then an empty PIN', () => {
    const flow = nextPinFlow(IDLE, { type: 'start', action: 'disable' });
    expect(flow).toEqual({ step: 1, action: 'disable' });
    // Step 1 of Disable does not lead to step 4: the screen sends at once.
    expect(nextPinFlow(flow, { type: 'currentPinAccepted', pin: '1234' })).toBe(flow);
    expect(disableSend('1234')).toEqual({ currentPin: '1234', password: null, pin: '' });
  });

  it('a confirmation that differs from the first entry sends nothing', () => {
    const flow: Extract<PinFlow, { step: 8 }> = {
      step: 8,
      action: 'define',
      currentPin: null,
      password: 'pw',
      pin: '2468',
    };
    expect(confirmSend(flow, '2469')).toBeNull();
  });

  it('Cancel resets everything from any step', () => {
    const steps: PinFlow[] = [
      { step: 1, action: 'change' },
      { step: 4, phase: 'password', action: 'define', currentPin: null },
      { step: 4, phase: 'pin', action: 'change', currentPin: '1', password: 'p' },
      { step: 8, action: 'define', currentPin: null, password: 'p', pin: '1111' },
    ];
    for (const flow of steps) expect(nextPinFlow(flow, { type: 'cancel' })).toEqual(IDLE);
  });

  it('ignores events out of order', () => {
    expect(nextPinFlow(IDLE, { type: 'newPinEntered', pin: '1111' })).toBe(IDLE);
    const step1: PinFlow = { step: 1, action: 'change' };
    expect(nextPinFlow(step1, { type: 'passwordAccepted', password: 'x' })).toBe(step1);
  });

  it('accepts exactly 4 digits', () => {
    expect(isWellFormedPin('0123')).toBe(true);
    for (const pin of ['123', '12345', '12a4', ' 123', '']) expect(isWellFormedPin(pin)).toBe(false);
  });
});
