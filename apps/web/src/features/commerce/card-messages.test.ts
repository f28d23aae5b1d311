import { describe, expect, it } from 'vitest';
import { cardFieldSrc, readCardFieldMessage, safeReturnPath } from './card-messages';

describe('the card field\'s messages', () => {
  it('reads ready, challenge, success, the provider\'s message and a network failure', () => {
    expect(readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:ready' })).toEqual({ type: 'ready' });
    expect(readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:challenge' })).toEqual({ type: 'challenge' });
    expect(readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:result', status: 'succeeded' })).toEqual({ type: 'result', status: 'succeeded' });
    expect(readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:result', status: 'error', message: 'Se ha rechazado tu tarjeta.' })).toEqual({ type: 'result', status: 'error', network: false, message: 'Se ha rechazado tu tarjeta.' });
    expect(readCardFieldMessage({ source: 'pantalla-card', type: 'pantalla-card:result', status: 'error', network: true })).toEqual({ type: 'result', status: 'error', network: true });
  });

  it('ignores anything else', () => {
    for (const data of [null, 'x', {}, { type: 'pantalla-card:ready' }, { source: 'pantalla-card', type: 'other' }, { source: 'pantalla-card', type: 'pantalla-card:result', status: 'odd' }]) {
      expect(readCardFieldMessage(data)).toBeNull();
    }
  });
});

describe('the card field address', () => {
  it('carries the page origin, and resolves a path against it', () => {
    expect(cardFieldSrc('/payments-sandbox/elements/card?key=pk&locale=es', 'http://localhost:8080')).toEqual({
      src: 'http://localhost:8080/payments-sandbox/elements/card?key=pk&locale=es&origin=http%3A%2F%2Flocalhost%3A8080',
      origin: 'http://localhost:8080',
    });
    expect(cardFieldSrc('https://pay.example/card?key=pk', 'https://app.example').origin).toBe('https://pay.example');
  });
});

describe('where to go back after a purchase', () => {
  it('is a path of this app only', () => {
    expect(safeReturnPath('/emplayer/abc')).toBe('/emplayer/abc');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', 3, null]) expect(safeReturnPath(bad)).toBeNull();
  });
});
