import { DEMO_ADMIN } from './accounts';

/**
 * The demo's defaults over the environment: the demo account may import guides unless
 * ADMIN_EMAILS says who may. Production never applies them.
 */
export function withDemoDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.NODE_ENV === 'production' || env.ADMIN_EMAILS !== undefined) return env;
  return { ...env, ADMIN_EMAILS: DEMO_ADMIN };
}
