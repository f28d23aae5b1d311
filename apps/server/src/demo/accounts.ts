import type { OperatorRole } from '@pantalla/contracts';
import { PACKAGE_IDS } from '../modules/commerce';

/** A demo account: its published password and PIN, and what it owns. */
export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  pin: string | null;
  /** 'all': every package, pay-per-view ones included; else these package ids. */
  owns: 'all' | readonly number[];
  description: string;
  /** An operator role the seed grants (demo@ is admin through ADMIN_EMAILS instead). */
  role?: OperatorRole;
}

/** The demo accounts (README, "Demo accounts"): made by the demo seed only, never by a production start. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'demo@pantalla.test',
    password: 'demo1234',
    name: 'Demo',
    pin: '1234',
    owns: 'all',
    description: 'todos los paquetes, PIN parental 1234, administrador de la consola (/operador/)',
  },
  {
    email: 'basico@pantalla.test',
    password: 'basico1234',
    name: 'Básico',
    pin: null,
    owns: [PACKAGE_IDS.basic],
    description: 'solo el paquete básico, sin PIN',
  },
  {
    email: 'soporte@pantalla.test',
    password: 'soporte1234',
    name: 'Soporte',
    pin: null,
    owns: [PACKAGE_IDS.basic],
    role: 'support',
    description: 'operador de soporte (suscriptores y emisiones), paquete básico',
  },
  {
    email: 'contenidos@pantalla.test',
    password: 'contenidos1234',
    name: 'Contenidos',
    pin: null,
    owns: [PACKAGE_IDS.basic],
    role: 'content',
    description: 'operador de contenidos (canales, parrillas, fuentes, catálogo), paquete básico',
  },
];

/** The demo account that may import guides and channel lists when ADMIN_EMAILS is unset. */
export const DEMO_ADMIN = 'demo@pantalla.test';
