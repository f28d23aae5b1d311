import { BASIC_PACKAGE_ID } from '@pantalla/contracts';

/** The packages on sale and the subscription products that sell them (product id = package id). */
export const PACKAGE_IDS = {
  basic: BASIC_PACKAGE_ID,
  cine: 2,
  deportes: 3,
  series: 4,
  adultos: 5,
  /** Granted with registration ('1,5001' in the spec); holds no content of its own. */
  bienvenida: 5001,
} as const;

/** First id of the packages made for single pay-per-view events. */
export const PPV_PACKAGE_BASE = 10001;

export interface PackageDefinition {
  id: number;
  name: string;
  description: string;
  kind: 'basic' | 'premium';
  /** Monthly price in cents of its subscription product; null when none is on sale. */
  monthlyCents: number | null;
}

export const PACKAGE_DEFINITIONS: readonly PackageDefinition[] = [
  {
    id: PACKAGE_IDS.basic,
    name: 'Básico',
    description: 'Canales generalistas, noticias, documentales, infantil y música.',
    kind: 'basic',
    monthlyCents: 499,
  },
  {
    id: PACKAGE_IDS.cine,
    name: 'Cine Plus',
    description: 'Canales de cine y el videoclub de estrenos.',
    kind: 'premium',
    monthlyCents: 999,
  },
  {
    id: PACKAGE_IDS.deportes,
    name: 'Deportes Plus',
    description: 'Fútbol, baloncesto, motor, tenis y más deportes en directo.',
    kind: 'premium',
    monthlyCents: 1499,
  },
  {
    id: PACKAGE_IDS.series,
    name: 'Series y AMC',
    description: 'Canales de series y AMC a la carta: cine y series.',
    kind: 'premium',
    monthlyCents: 799,
  },
  {
    id: PACKAGE_IDS.adultos,
    name: 'Adultos',
    description: 'Contenido para adultos, protegido con PIN parental.',
    kind: 'premium',
    monthlyCents: 699,
  },
  {
    id: PACKAGE_IDS.bienvenida,
    name: 'Bienvenida',
    description: 'Ventajas de bienvenida para nuevos abonados.',
    kind: 'premium',
    monthlyCents: null,
  },
];
