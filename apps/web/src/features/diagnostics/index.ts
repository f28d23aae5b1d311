/** What the rest of the app may use from the diagnostics feature: its screens, lazily routed. */
export const diagnosticsRoutes = {
  connDiag: () => import('./routes/conn-diag'),
  manifestTest: () => import('./routes/manifest-test'),
};
