/** Runs ffmpeg or shaka-packager as a child process (the only place that spawns). */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Options of runTool. */
export interface RunToolOptions {
  cwd: string;
  /** Each complete stdout line (ffmpeg -progress output). */
  onStdoutLine?: (line: string) => void;
  signal?: AbortSignal;
}

const STDERR_TAIL = 4000;

/**
 * Resolves when the tool exits 0. The error names the tool and quotes the end of its stderr,
 * never the arguments: the packager's carry the content key.
 */
export function runTool(command: string, args: readonly string[], options: RunToolOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stderr = '';
    let pending = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      if (options.onStdoutLine) lines.forEach(options.onStdoutLine);
    });
    child.on('error', (error) => reject(new Error(`${path.basename(command)} could not run: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${path.basename(command)} failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-6).join('\n')}`,
          ),
        );
    });
  });
}
