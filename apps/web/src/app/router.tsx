import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RouteErrorBoundary } from '../ui/route-error-boundary';
import { MainLayout } from './layouts/main-layout';
import { LoadingScreen, RequireSession, RootLayout } from './layouts/root-layout';
import { HomeGenreRedirect } from './routes/home-genre';
import type { PlaceholderHandle } from './routes/placeholder';

/** Screens other issues build: a placeholder that names the area and the issue. */
function placeholder(path: string, area: PlaceholderHandle['area'], issue: PlaceholderHandle['issue']): RouteObject {
  return { path, lazy: () => import('./routes/placeholder'), handle: { placeholder: { area, issue } satisfies PlaceholderHandle } };
}

/** Every leaf gets its own error boundary, so a broken screen leaves the layout standing. */
function withBoundaries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withBoundaries(route.children) : undefined;
    const lazy = typeof route.lazy === 'function' ? renderingFailures(route.lazy) : route.lazy;
    return { ...route, ErrorBoundary: RouteErrorBoundary, ...(lazy ? { lazy } : {}), ...(children ? { children } : {}) } as RouteObject;
  });
}

/**
 * A screen whose code fails to download must reach its error boundary: React Router leaves
 * the outlet empty when `lazy` itself rejects, so the failure is rethrown while rendering.
 */
function renderingFailures<T>(load: () => Promise<T>): () => Promise<T | { Component: () => never }> {
  return () =>
    load().catch((error: unknown) => ({
      Component() {
        throw error;
      },
    }));
}

/**
 * The whole route table of both specs, declared once and loaded lazily. To build a screen,
 * replace its placeholder() entry with `{ path, lazy: () => import('./routes/<screen>') }`
 * where the module exports `Component` (and optionally `loader`, `ErrorBoundary`).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: RouteErrorBoundary,
    // Shown while the first lazy screen downloads.
    HydrateFallback: LoadingScreen,
    children: withBoundaries([
      // The login screen without a session, the home with one.
      { path: paths.landing.path, lazy: () => import('./routes/landing') },
      { path: paths.lostPassword.path, lazy: () => import('./routes/lost-password') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
      // Registration, its result, the login confirmation and the mail's link: one chunk of the account feature.
      { path: paths.register.path, lazy: () => import('../features/account/registration/routes/register') },
      { path: paths.registerGearup.path, lazy: () => import('../features/account/registration/routes/register-gearup') },
      { path: paths.registerResult.path, lazy: () => import('../features/account/registration/routes/register-result') },
      { path: paths.loginConfirm.path, lazy: () => import('../features/account/registration/routes/login-confirm') },
      { path: paths.confirmEmail.path, lazy: () => import('../features/account/registration/routes/confirm-email') },
      { path: paths.privacy.path, lazy: () => import('../features/account/registration/routes/privacy') },
      placeholder(paths.purchaseResult.path, 'purchase', 'commerce'),
      {
        element: <RequireSession />,
        children: [
          {
            element: <MainLayout />,
            children: [
              placeholder(paths.settings.path, 'settings', 'settings'),
              { path: paths.genres.path, lazy: () => import('../features/browse/genres/index-route') },
              { path: paths.genre.path, lazy: () => import('../features/browse/genres/route') },
              { path: paths.genreAlt.path, lazy: () => import('../features/browse/genres/grid-route') },
              { path: paths.allInCategory.path, lazy: () => import('../features/browse/all-in-category/route') },
              { path: paths.allInCategory2.path, lazy: () => import('../features/browse/all-in-category/route-events') },
              { path: paths.allInCategory3.path, lazy: () => import('../features/browse/all-in-category/route-many-events') },
              { path: paths.sports.path, lazy: () => import('../features/browse/sports/route') },
              { path: paths.search.path, lazy: () => import('../features/browse/search/route') },
              { path: paths.detail.path, lazy: () => import('../features/browse/detail/route') },
              { path: paths.calendar.path, lazy: () => import('../features/browse/calendar/route') },
              placeholder(paths.diagnostics.path, 'diagnostics', 'diagnostics'),
              { path: paths.extInfo.path, lazy: () => import('../features/browse/ext-info/route') },
              placeholder(paths.purchase.path, 'purchase', 'commerce'),
              placeholder(paths.checkout.path, 'purchase', 'commerce'),
            ],
          },
          // Full-screen areas with their own close button back to /.
          // The guide is its own chunk (with its CSS); both addresses show it.
          { path: paths.guide.path, lazy: () => import('../features/guide/route') },
          { path: paths.guideAlt.path, lazy: () => import('../features/guide/route') },
          // The player (with Shaka) is its own chunk; the older addresses redirect to it.
          { path: paths.player.path, lazy: () => import('../features/player/route') },
          { path: paths.legacyPlayer.path, lazy: () => import('../features/player/legacy-route') },
          { path: paths.catchupPlayer.path, lazy: () => import('../features/player/catchup-route') },
          placeholder(paths.manifestTest.path, 'manifestTest', 'diagnostics'),
          { path: paths.homeGenre.path, element: <HomeGenreRedirect /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.landing.getHref()} replace /> },
    ]),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
