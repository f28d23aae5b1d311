import { describe, expect, it } from 'vitest';
import { notFound } from '../platform/errors';
import type { KeyRotation } from '../modules/origin';
import { rotateKeyCommand } from './rotate-key';

const rotation: Pick<KeyRotation, 'rotate'> = {
  async rotate(kind, id) {
    if (id === 404) throw notFound('No existe esa película.');
    return { kind, id, generation: 4, keyName: `${kind}-${id}.g4` };
  },
};

describe('npm run rotate-key', () => {
  it('rotates a film, an episode or a programme and says the new generation', async () => {
    const lines: string[] = [];
    expect(await rotateKeyCommand(['film', '3'], rotation, (l) => lines.push(l))).toBe(0);
    expect(await rotateKeyCommand(['programme', '77'], rotation, (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toContain('film-3.g4');
    expect(lines[1]).toContain('programme-77.g4');
  });

  it('answers usage (2) to anything else, and 1 when the title does not exist', async () => {
    const out: string[] = [];
    for (const args of [[], ['channel', '1'], ['film'], ['film', 'x'], ['film', '1', '2'], ['film', '-1']])
      expect(await rotateKeyCommand(args, rotation, (l) => out.push(l))).toBe(2);
    expect(out[0]).toContain('Uso:');
    expect(await rotateKeyCommand(['film', '404'], rotation, (l) => out.push(l))).toBe(1);
    expect(out.at(-1)).toBe('No existe esa película.');
  });
});
