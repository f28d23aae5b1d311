import { pathToFileURL } from 'node:url';
import { GENERATION_KINDS, type GenerationKind, type KeyRotation } from '../modules/origin';
import { AppError } from '../platform/errors';
import { openForCommand, runCommand } from './open';

const USAGE = `Uso:
  npm run rotate-key -- film|episode|programme ID   cambia la clave de contenido de una película, un episodio o un programa de catch-up
(los canales en directo cambian de clave solos cada hora)`;

/**
 * The command's work, apart from the process: rotates one title's or programme's key and says
 * so. Returns the exit code (2: usage, 1: nothing to rotate).
 */
export async function rotateKeyCommand(
  args: readonly string[],
  rotation: Pick<KeyRotation, 'rotate'>,
  out: (line: string) => void = console.log,
): Promise<number> {
  const [kind, idText] = args;
  if (!GENERATION_KINDS.includes(kind as GenerationKind) || !idText || !/^\d{1,9}$/.test(idText) || args.length !== 2) {
    out(USAGE);
    return 2;
  }
  try {
    const rotated = await rotation.rotate(kind as GenerationKind, Number(idText));
    out(
      `Clave cambiada: ${rotated.kind} ${rotated.id} está ahora en la generación ${rotated.generation} (${rotated.keyName}); la clave anterior ya no descifra lo que se sirve.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      out(error.message);
      return 1;
    }
    throw error;
  }
}

/** npm run rotate-key -- film 3: in the configured database; every server forgets the old generation at once (the bus). */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const { modules, close } = await openForCommand();
  try {
    return await rotateKeyCommand(args, modules.origin.rotation);
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runCommand(main);
