// How long the server holds a client that sends its body one byte a second (a slow-body
// attack on a public route), measured on a real socket against the bench's server child.
import net from 'node:net';

/** The goal: the server lets such a client go within this. */
export const SLOW_BODY_GOAL_MS = 30_000;

export interface SlowBodyFigures {
  /** From the end of the headers to the server's answer or close; the bound when it did neither. */
  heldMs: number;
  /** The server's status line, 'closed' without one, or 'still open' at the bound. */
  ending: string;
  bytesSent: number;
}

/**
 * POSTs to /api/v1/login (public, so the body is read) declaring 8,000 bytes and sending one
 * a second; answers when the server answers or closes, or at `boundMs`.
 */
export function slowBodyHold(port: number, boundMs: number): Promise<SlowBodyFigures> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let began = 0;
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (ending: string) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(bound);
      socket.destroy();
      resolve({ heldMs: began ? performance.now() - began : 0, ending, bytesSent });
    };
    const bound = setTimeout(() => finish('still open'), boundMs + 1000);
    socket.on('data', (data: Buffer) => finish(data.toString().split('\r\n')[0] ?? 'answered'));
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish('closed'));
    socket.once('connect', () => {
      socket.write(
        'POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 8000\r\n\r\n',
      );
      began = performance.now();
      const body = '{"flow":"password","username":"' + ' '.repeat(8000);
      timer = setInterval(() => {
        if (done || socket.destroyed) return;
        socket.write(body.charAt(bytesSent % body.length));
        bytesSent++;
      }, 1000);
    });
  });
}

/** Prints the hold time against the goal. */
export async function reportSlowBody(port: number, boundMs: number): Promise<SlowBodyFigures> {
  const f = await slowBodyHold(port, boundMs);
  const held =
    f.ending === 'still open'
      ? `still open after ${(f.heldMs / 1000).toFixed(1)} s (the bench's bound)`
      : `${(f.heldMs / 1000).toFixed(1)} s, then ${f.ending}`;
  // A second of slack: the server times from when it read the headers, this from when they were written.
  const met = f.ending !== 'still open' && f.heldMs <= SLOW_BODY_GOAL_MS + 1000 ? 'goal met' : 'GOAL MISSED';
  console.log(
    `slow body (1 byte/s to POST /api/v1/login): held ${held}, ${f.bytesSent} bytes sent (goal ≤ ${SLOW_BODY_GOAL_MS / 1000} s) — ${met}`,
  );
  return f;
}
