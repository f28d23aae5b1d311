import type { Platform, ServerModule } from '../../platform/module';
import type { Authenticator } from '../identity';
import { SubscriberPages, type SubscriberPageNeeds } from './subscriber-page';
import { subscriberRoutes } from './subscribers.routes';
import { subscriberActionRoutes } from './subscriber-actions.routes';
import { SubscriberActions, type SubscriberActionNeeds } from './subscriber-actions.service';

/** What the console needs of the other modules: it owns no table, it composes what they expose. */
export interface OperatorConsoleNeeds {
  auth: Authenticator;
  /** The subscriber page's reads: identity's accounts, commerce's packages and purchases, playback's streams. */
  pages: SubscriberPageNeeds;
  /** The subscriber page's actions: each module's own audited change. */
  actions: SubscriberActionNeeds;
}

/** The operator console's server side (issue 27) as the composition root sees it. */
export interface OperatorConsole {
  module: ServerModule;
}

/** The console's cross-module pages (the subscriber's page) and their actions. */
export function createOperatorConsole(platform: Platform, needs: OperatorConsoleNeeds): OperatorConsole {
  void platform;
  const module: ServerModule = {
    name: 'operator',
    async routes(app) {
      await subscriberRoutes(app, new SubscriberPages(needs.pages), needs.auth);
      // The subscriber page's actions (subscriber-actions*.ts) register below.
      await subscriberActionRoutes(app, new SubscriberActions(needs.actions), needs.auth);
    },
  };
  return { module };
}
