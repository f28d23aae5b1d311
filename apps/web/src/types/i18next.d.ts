import 'i18next';
import type browse from '../locales/es/browse.json';
import type common from '../locales/es/common.json';
import type diagnostics from '../locales/es/diagnostics.json';
import type explore from '../locales/es/explore.json';
import type guide from '../locales/es/guide.json';
import type player from '../locales/es/player.json';
import type privacy from '../locales/es/privacy.json';
import type registration from '../locales/es/registration.json';
import type screens from '../locales/es/screens.json';
import type profiles from '../locales/es/profiles.json';
import type settings from '../locales/es/settings.json';
import type commerce from '../locales/es/commerce.json';
import type billing from '../locales/es/billing.json';
import type operator from '../locales/es/operator.json';
import type operatorAccess from '../locales/es/operator-access.json';
import type operatorNow from '../locales/es/operator-now.json';
import type operatorQoe from '../locales/es/operator-qoe.json';
import type operatorChannels from '../locales/es/operator-channels.json';
import type operatorSources from '../locales/es/operator-sources.json';
import type operatorSubscribers from '../locales/es/operator-subscribers.json';
import type operatorProducts from '../locales/es/operator-products.json';
import type operatorActions from '../locales/es/operator-actions.json';
import type myRecordings from '../locales/es/my-recordings.json';
import type myList from '../locales/es/my-list.json';

// Typed keys: a feature adding a namespace adds its Spanish table here too.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      browse: typeof browse;
      common: typeof common;
      diagnostics: typeof diagnostics;
      explore: typeof explore;
      guide: typeof guide;
      player: typeof player;
      privacy: typeof privacy;
      registration: typeof registration;
      commerce: typeof commerce;
      billing: typeof billing;
      operator: typeof operator;
      'operator-access': typeof operatorAccess;
      'operator-now': typeof operatorNow;
      'operator-qoe': typeof operatorQoe;
      'operator-channels': typeof operatorChannels;
      'operator-sources': typeof operatorSources;
      'operator-subscribers': typeof operatorSubscribers;
      'operator-products': typeof operatorProducts;
      'operator-actions': typeof operatorActions;
      'my-recordings': typeof myRecordings;
      'my-list': typeof myList;
      screens: typeof screens;
      profiles: typeof profiles;
      settings: typeof settings;
    };
  }
}
