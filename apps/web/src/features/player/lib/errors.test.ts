import { describe, expect, it } from 'vitest';
import { actionFor, failureOfShaka, licenceRefusalOf, SESSION_GONE_TEXT } from './errors';

describe('player error table', () => {
  it('maps licence refusals (spec section 8)', () => {
    expect(actionFor({ source: 'licence', status: 401, data: 116 })).toEqual({ kind: 'session-expired' });
    expect(actionFor({ source: 'licence', status: 400, data: 800 })).toEqual({ kind: 'session-expired' });
    expect(actionFor({ source: 'licence', status: 400, data: 12 })).toEqual({ kind: 'account-missing' });
    expect(actionFor({ source: 'licence', status: 401, data: 401 })).toEqual({ kind: 'no-rights' });
    expect(actionFor({ source: 'licence', status: 401, data: 115 })).toEqual({ kind: 'reset-sessions' });
    expect(actionFor({ source: 'licence', status: 403, data: 117 })).toEqual({ kind: 'pin' });
  });
  it('maps session refusals, 115 to the exceeded-sessions modal', () => {
    expect(actionFor({ source: 'session', status: 401, data: 115 })).toEqual({ kind: 'exceeded-sessions' });
    // The server's answer since issue 17: 409, so the app does not take it for an expired sign-in.
    expect(actionFor({ source: 'session', status: 409, data: 115 })).toEqual({ kind: 'exceeded-sessions' });
    expect(actionFor({ source: 'licence', status: 409, data: 115 })).toEqual({ kind: 'reset-sessions' });
    expect(actionFor({ source: 'session', status: 401, data: 401 })).toEqual({ kind: 'no-rights' });
    expect(actionFor({ source: 'session', status: 401, data: 116 })).toEqual({ kind: 'session-expired' });
    expect(actionFor({ source: 'session', status: 403, data: 117 })).toEqual({ kind: 'pin' });
    expect(actionFor({ source: 'session', status: 401, data: undefined })).toEqual({ kind: 'no-rights' });
    expect(actionFor({ source: 'session', status: 500, data: undefined })).toMatchObject({
      kind: 'message',
      message: '24',
      title: 'playerError',
    });
    // Spec: any fetch failure but 401 is message 24, a missing item included.
    expect(actionFor({ source: 'session', status: 404, data: undefined, message: 'No existe ese programa.' })).toEqual({
      kind: 'message',
      message: '24',
      recoverable: true,
      title: 'playerError',
    });
  });
  it('maps Shaka errors', () => {
    expect(actionFor({ source: 'shaka', code: 6008, message: 'The license response was empty' })).toEqual({
      kind: 'ignore',
    });
    expect(actionFor({ source: 'shaka', code: 6008, message: 'key rejected' })).toEqual({ kind: 'no-rights' });
    expect(actionFor({ source: 'shaka', code: 6001 })).toEqual({ kind: 'log' });
    expect(actionFor({ source: 'shaka', code: 3019 })).toEqual({ kind: 'retry-stream' });
    expect(actionFor({ source: 'shaka', code: 4012 })).toEqual({ kind: 'retry-stream' });
    expect(actionFor({ source: 'shaka', code: 10000 })).toEqual({
      kind: 'message',
      message: 'adBlocker',
      recoverable: false,
      title: 'playerError',
    });
    expect(actionFor({ source: 'shaka', code: 7000 })).toEqual({ kind: 'ignore' });
    expect(actionFor({ source: 'shaka', code: 1002 })).toMatchObject({
      kind: 'message',
      title: 'playerError',
      recoverable: true,
    });
  });
  it('maps the other failures', () => {
    expect(actionFor({ source: 'unsupported' })).toMatchObject({ kind: 'message', message: '22', prefix: 'ERROR: ' });
    expect(actionFor({ source: 'player-start', stage: 'download' })).toEqual({
      kind: 'message',
      message: 'resourcesUnavailable',
      recoverable: false,
      title: 'playerError',
    });
    expect(actionFor({ source: 'player-start', stage: 'attach' })).toEqual({
      kind: 'message',
      message: 'cannotPlay',
      recoverable: true,
      title: 'playerError',
    });
    expect(actionFor({ source: 'heartbeat', status: 404, data: 116, message: 'La sesión ha caducado' })).toEqual({
      kind: 'message',
      title: '39',
      text: 'La sesión ha caducado',
      recoverable: true,
    });
    expect(actionFor({ source: 'load', status: 401 })).toEqual({ kind: 'no-rights' });
    expect(actionFor({ source: 'load', status: 0 })).toMatchObject({ kind: 'message', message: '24' });
    expect(actionFor({ source: 'event-not-found' })).toEqual({
      kind: 'message',
      text: 'Could not find event.',
      recoverable: false,
    });
    expect(actionFor({ source: 'cast', code: 8004 })).toEqual({ kind: 'ignore' });
    expect(actionFor({ source: 'cast', code: 8001 })).toMatchObject({ message: 'castNoReceivers' });
    expect(actionFor({ source: 'cast', code: 8000 })).toMatchObject({ message: 'castUnavailable' });
    expect(actionFor({ source: 'cast', code: 8002 })).toMatchObject({ message: 'castFailed' });
  });
  it('reads our refusal out of a Shaka 6007', () => {
    const http = {
      code: 1001,
      data: ['/api/v1/drm/clearkey/s', 401, '{"statusCode":401,"code":"unauthorized","message":"x","data":115}', {}, 2],
    };
    expect(licenceRefusalOf({ code: 6007, data: [http] })).toEqual({ status: 401, data: 115 });
    expect(licenceRefusalOf({ code: 6007, data: [{ ...http, data: ['/x', 502, '<html>', {}, 2] }] })).toEqual({
      status: 502,
      data: undefined,
    });
    expect(licenceRefusalOf({ code: 3016, data: [] })).toBeNull();
    expect(licenceRefusalOf({ code: 6007, data: [{ code: 1002, data: [] }] })).toBeNull();
  });
  it('turns a Shaka error into a failure: the licence refusal it wraps, else its code and first datum', () => {
    const http = { code: 1001, data: ['/api/v1/drm/clearkey/s', 401, '{"data":401}', {}, 2] };
    expect(failureOfShaka({ code: 6007, data: [http] })).toEqual({ source: 'licence', status: 401, data: 401 });
    expect(
      failureOfShaka({ code: 6008, message: 'Shaka Error 6008', data: ['The license response was empty'] }),
    ).toEqual({ source: 'shaka', code: 6008, message: 'The license response was empty' });
    expect(failureOfShaka({ code: 3019, message: 'Shaka Error 3019', data: [{}] })).toEqual({
      source: 'shaka',
      code: 3019,
      message: 'Shaka Error 3019',
    });
  });
});

describe('manifest refusals (issue 11)', () => {
  const http = (status: number, body: string, requestType = 0) => ({
    code: 1001,
    data: ['/media/live/1/premium/manifest.mpd?jwt=x', status, body, {}, requestType],
  });

  it('reads the origin’s refusal out of a manifest request’s 1001', () => {
    expect(failureOfShaka(http(403, '{"statusCode":403,"code":"forbidden","message":"PIN","data":117}'))).toEqual({
      source: 'manifest',
      status: 403,
      data: 117,
      message: 'PIN',
    });
    expect(failureOfShaka(http(404, 'not json'))).toEqual({
      source: 'manifest',
      status: 404,
      data: undefined,
      message: undefined,
    });
    // A segment's 404 (request type 1) or a 5xx is not a refusal.
    expect(failureOfShaka(http(404, '{}', 1)).source).toBe('shaka');
    expect(failureOfShaka(http(503, '{}')).source).toBe('shaka');
  });

  it('reads a refused signed segment (403/116, or a CDN’s bare 403) as the stream ending, like a manifest', () => {
    const refused = failureOfShaka(
      http(
        403,
        '{"statusCode":403,"code":"forbidden","message":"La sesión de reproducción ha caducado o se ha cerrado.","data":116}',
        1,
      ),
    );
    expect(refused).toEqual({
      source: 'manifest',
      status: 403,
      data: 116,
      message: 'La sesión de reproducción ha caducado o se ha cerrado.',
    });
    expect(actionFor(refused)).toEqual({
      kind: 'message',
      title: '39',
      text: 'La sesión de reproducción ha caducado o se ha cerrado.',
      recoverable: true,
    });
    expect(failureOfShaka(http(403, '<html>403 Forbidden</html>', 1))).toMatchObject({
      source: 'manifest',
      status: 403,
    });
    expect(failureOfShaka(http(401, '{"data":401}', 1)).source).toBe('shaka');
  });

  it('maps 117 to the PIN, 401 to the purchase prompt, a closed session to the server’s text', () => {
    expect(actionFor({ source: 'manifest', status: 403, data: 117 })).toEqual({ kind: 'pin' });
    expect(actionFor({ source: 'manifest', status: 401, data: 401 })).toEqual({ kind: 'no-rights' });
    expect(actionFor({ source: 'manifest', status: 404, data: 116, message: 'Cerrada.' })).toEqual({
      kind: 'message',
      title: '39',
      text: 'Cerrada.',
      recoverable: true,
    });
    expect(actionFor({ source: 'manifest', status: 403, data: 116 })).toEqual({
      kind: 'message',
      title: '39',
      text: SESSION_GONE_TEXT,
      recoverable: true,
    });
    expect(actionFor({ source: 'heartbeat', status: 403, data: 117, message: 'x' })).toEqual({ kind: 'pin' });
  });
});
