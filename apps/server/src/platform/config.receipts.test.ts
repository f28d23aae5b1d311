import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = {
  DATA_DIR: '/tmp/pantalla-config-test',
  MEDIA_DIR: '/tmp/pantalla-config-test/media',
  AUTH_SECRET: 'x'.repeat(32),
};
const production = {
  ...base,
  NODE_ENV: 'production',
  AUTH_SECRET: 'q8Zr2LmX0vTn5bYc7WkPd3HsFj9Ga1UeR4oIy6',
  MEDIA_KEY_SECRET: 'Nw3Xb8Kq1Zr6Ty0Pm5Lc2Vh9Gd4Fs7Ja3Ue8Yo',
} as const;

describe('the seller on receipts (issue 26)', () => {
  it('is a demo seller outside production', () => {
    expect(loadConfig(base).operator.legal).toEqual({
      name: 'Pantalla Demo S.L.',
      taxId: 'B00000000',
      address: 'Calle de la Demostración 1, 28001 Madrid, España',
      missing: [],
    });
  });

  it('is what the operator configures', () => {
    const env = {
      OPERATOR_LEGAL_NAME: ' Pantalla Media S.A. ',
      OPERATOR_TAX_ID: 'A12345678',
      OPERATOR_ADDRESS: 'Gran Vía 1, 28013 Madrid',
    };
    expect(loadConfig({ ...production, ...env }).operator.legal).toEqual({
      name: 'Pantalla Media S.A.',
      taxId: 'A12345678',
      address: 'Gran Vía 1, 28013 Madrid',
      missing: [],
    });
  });

  it('in production is never a demo: without configuration the operator’s name, and what is missing is warned of at start', () => {
    expect(loadConfig({ ...production, OPERATOR_TAX_ID: 'A12345678' }).operator.legal).toEqual({
      name: 'Pantalla',
      taxId: 'A12345678',
      address: '',
      missing: ['OPERATOR_LEGAL_NAME', 'OPERATOR_ADDRESS'],
    });
  });
});
