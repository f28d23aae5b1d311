import { describe, expect, it } from 'vitest';
import { documentTitle } from './use-document-title';

describe('documentTitle', () => {
  it('puts the screen before the product', () => {
    expect(documentTitle('Guía de programación', 'Pantalla')).toBe('Guía de programación · Pantalla');
  });
  it('is the product alone while the screen has no name yet', () => {
    expect(documentTitle('', 'Pantalla')).toBe('Pantalla');
    expect(documentTitle(null, 'Pantalla')).toBe('Pantalla');
    expect(documentTitle('  ', 'Pantalla')).toBe('Pantalla');
  });
});
