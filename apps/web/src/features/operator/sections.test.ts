import { describe, expect, it } from 'vitest';
import { canView, sectionAt, sectionHref } from './sections';

describe('console sections', () => {
  it('names the section of an address, Now for the console itself', () => {
    expect(sectionAt('/operador/')).toBe('now');
    expect(sectionAt('/operador')).toBe('now');
    expect(sectionAt('/operador/productos/7')).toBe('products');
    expect(sectionAt('/operador/canales')).toBe('channels');
    expect(sectionAt('/operador/nada')).toBeUndefined();
  });

  it('opens to each role only its sections', () => {
    expect(canView(['content'], 'products')).toBe(false);
    expect(canView(['content'], 'channels')).toBe(true);
    expect(canView(['support'], 'roles')).toBe(false);
    expect(canView(['admin'], 'roles')).toBe(true);
    expect(sectionHref('now')).toBe('/operador/');
    expect(sectionHref('subscribers', 12)).toBe('/operador/suscriptores/12');
  });
});
