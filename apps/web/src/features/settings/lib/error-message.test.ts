import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { settingsFailure } from './error-message';

describe('settingsFailure', () => {
  it('maps the wrong credential to messages 50 and 52', () => {
    expect(settingsFailure(new ApiError(400, 'bad_request', 'x', { wrong: 'currentPin' }))).toEqual({
      kind: 'message',
      key: 'messages.50',
    });
    expect(settingsFailure(new ApiError(400, 'bad_request', 'x', { wrong: 'password' }))).toEqual({
      kind: 'message',
      key: 'messages.52',
    });
  });

  it('a dead session is message 51 and a sign-out', () => {
    expect(settingsFailure(new ApiError(401, 'unauthorized', 'x'))).toEqual({ kind: 'signedOut' });
  });

  it('a failure to send is ERROR!', () => {
    expect(settingsFailure(new ApiError(0, 'network_error', 'offline'))).toEqual({
      kind: 'message',
      key: 'messages.genericAlert',
    });
    expect(settingsFailure(new ApiError(502, 'http_error', 'Bad Gateway'))).toEqual({
      kind: 'message',
      key: 'messages.genericAlert',
    });
    expect(settingsFailure(new TypeError('boom'))).toEqual({ kind: 'message', key: 'messages.genericAlert' });
  });

  it('shows the server’s sentence for rules and locks', () => {
    expect(
      settingsFailure(new ApiError(429, 'rate_limited', 'Demasiados intentos…', { retryAfterSeconds: 900 })),
    ).toEqual({ kind: 'server', text: 'Demasiados intentos…' });
    expect(
      settingsFailure(new ApiError(400, 'bad_request', 'La contraseña debe tener entre 6 y 30 caracteres')),
    ).toEqual({ kind: 'server', text: 'La contraseña debe tener entre 6 y 30 caracteres' });
  });
});
