/**
 * Issue 30's profiles: "¿Quién está viendo?", the switcher and the settings section. Loaded
 * lazily everywhere (the home's JavaScript is at its ceiling): import these, never the files.
 */
export const profilesLazy = {
  gate: () => import('./components/profile-gate'),
  section: () => import('./components/profiles-section').then((m) => ({ default: m.ProfilesSection })),
};
