import type { Config } from '../../platform/config';

/**
 * Who may import: the comma-separated e-mails of ADMIN_EMAILS. Unset, the demo account is
 * the admin outside production (so the demo works out of the box) and nobody is in production.
 */
export function adminEmails(config: Config, env: NodeJS.ProcessEnv = process.env): Set<string> {
  const list = env.ADMIN_EMAILS;
  if (list !== undefined) return new Set(list.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean));
  return new Set(config.env === 'production' ? [] : ['demo@pantalla.test']);
}
