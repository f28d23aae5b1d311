/** What the rest of the app may use from the settings feature: its page, lazily routed. */
export const settingsRoutes = { settings: () => import('./routes/settings') };
