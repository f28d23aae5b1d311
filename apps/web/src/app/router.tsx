import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { loadTables, type Namespace } from '../lib/i18n';
import { RouteErrorBoundary } from '../ui/route-error-boundary';
import { MainLayout } from './layouts/main-layout';
import { LoadingScreen, RequireSession, RootLayout } from './layouts/root-layout';
import { HomeGenreRedirect } from './routes/home-genre';
import { registrationRoutes } from '../features/account';
import { allInCategoryRoutes } from '../features/all-in-category';
import { billingRoutes } from '../features/billing';
import { calendarRoutes } from '../features/calendar';
import { commerceRoutes } from '../features/commerce';
import { detailRoutes } from '../features/detail';
import { diagnosticsRoutes } from '../features/diagnostics';
import { extInfoRoutes } from '../features/ext-info';
import { genresRoutes } from '../features/genres';
import { guideRoutes } from '../features/guide';
import { myListRoutes } from '../features/my-list';
import { playerRoutes } from '../features/player';
import { searchRoutes } from '../features/search';
import { settingsRoutes } from '../features/settings';

/** Every leaf gets its own error boundary, so a broken screen leaves the layout standing. */
function withBoundaries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withBoundaries(route.children) : undefined;
    const lazy = typeof route.lazy === 'function' ? renderingFailures(route.lazy) : route.lazy;
    return {
      ...route,
      ErrorBoundary: RouteErrorBoundary,
      ...(lazy ? { lazy } : {}),
      ...(children ? { children } : {}),
    } as RouteObject;
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

/** A screen's code and its tables (beyond the first download's), fetched together. */
function screen<T>(namespaces: readonly Namespace[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTables(namespaces)]).then(([module]) => module);
}

/**
 * The whole route table of both specs, declared once and loaded lazily: each entry is
 * `{ path, lazy: () => import('<screen module>') }` where the module exports `Component`
 * (and optionally `loader`, `ErrorBoundary`).
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
      { path: paths.signInLink.path, lazy: () => import('./routes/sign-in-link') },
      {
        path: paths.confirmEmailChange.path,
        lazy: screen(['settings'], () => import('./routes/confirm-email-change')),
      },
      // Registration, its result, the login confirmation and the mail's link: one chunk of the account feature.
      {
        path: paths.register.path,
        lazy: screen(['registration'], registrationRoutes.register),
      },
      {
        path: paths.registerGearup.path,
        lazy: screen(['registration'], registrationRoutes.registerGearup),
      },
      {
        path: paths.registerResult.path,
        lazy: screen(['registration'], registrationRoutes.registerResult),
      },
      {
        path: paths.loginConfirm.path,
        lazy: screen(['registration'], registrationRoutes.loginConfirm),
      },
      {
        path: paths.confirmEmail.path,
        lazy: screen(['registration'], registrationRoutes.confirmEmail),
      },
      {
        path: paths.privacy.path,
        lazy: screen(['privacy', 'registration'], registrationRoutes.privacy),
      },
      // The purchase result and the terms of contract: the commerce feature's public screens.
      { path: paths.purchaseResult.path, lazy: screen(['commerce'], () => import('./routes/purchase-result')) },
      { path: paths.terms.path, lazy: screen(['commerce'], commerceRoutes.terms) },
      {
        element: <RequireSession />,
        children: [
          {
            element: <MainLayout />,
            children: [
              {
                path: paths.settings.path,
                lazy: screen(['settings', 'commerce', 'billing', 'profiles'], settingsRoutes.settings),
              },
              { path: paths.recordings.path, lazy: screen(['my-recordings'], () => import('./routes/recordings')) },
              { path: paths.myList.path, lazy: screen(['my-list'], myListRoutes.myList) },
              {
                path: paths.receipt.path,
                lazy: screen(['billing'], billingRoutes.receipt),
              },
              { path: paths.genres.path, lazy: genresRoutes.genres },
              { path: paths.genre.path, lazy: genresRoutes.genre },
              { path: paths.genreAlt.path, lazy: genresRoutes.genreGrid },
              { path: paths.allInCategory.path, lazy: allInCategoryRoutes.contents },
              {
                path: paths.allInCategory2.path,
                lazy: allInCategoryRoutes.events,
              },
              {
                path: paths.allInCategory3.path,
                lazy: allInCategoryRoutes.manyEvents,
              },
              { path: paths.sports.path, lazy: genresRoutes.sports },
              { path: paths.search.path, lazy: searchRoutes.search },
              { path: paths.detail.path, lazy: detailRoutes.detail },
              { path: paths.calendar.path, lazy: calendarRoutes.calendar },
              {
                path: paths.diagnostics.path,
                lazy: screen(['diagnostics'], diagnosticsRoutes.connDiag),
              },
              { path: paths.extInfo.path, lazy: extInfoRoutes.extInfo },
              {
                path: paths.purchase.path,
                lazy: screen(['commerce'], commerceRoutes.purchase),
              },
              {
                path: paths.checkout.path,
                lazy: screen(['commerce'], commerceRoutes.checkout),
              },
            ],
          },
          // Full-screen areas with their own close button back to /.
          // The guide is its own chunk (with its CSS); both addresses show it.
          { path: paths.guide.path, lazy: screen(['guide'], guideRoutes.guide) },
          { path: paths.guideAlt.path, lazy: screen(['guide'], guideRoutes.guide) },
          // The player (with Shaka) is its own chunk; the older addresses redirect to it.
          { path: paths.player.path, lazy: screen(['player'], playerRoutes.player) },
          { path: paths.legacyPlayer.path, lazy: screen(['player'], playerRoutes.legacyPlayer) },
          {
            path: paths.catchupPlayer.path,
            lazy: screen(['player'], playerRoutes.catchupPlayer),
          },
          // The operator's manifest test: full screen, its data for ADMIN_EMAILS accounts only.
          {
            path: paths.manifestTest.path,
            lazy: screen(['diagnostics'], diagnosticsRoutes.manifestTest),
          },
          // The operator console: its own chunks, outside the subscriber's budget; each section lazy too.
          // Its sections still load by path, past its index: the console takes the route convention in its own change.
          /* eslint-disable pantalla-web/feature-boundaries */
          {
            path: paths.operator.path,
            lazy: screen(['operator'], () => import('../features/operator/route')),
            children: [
              { index: true, lazy: () => import('../features/operator/now/route') },
              { path: 'calidad', lazy: () => import('../features/operator/qoe/route') },
              { path: 'calidad/vista/:viewId', lazy: () => import('../features/operator/qoe/view-route') },
              { path: 'calidad/:itemType/:itemId', lazy: () => import('../features/operator/qoe/item-route') },
              { path: 'canales', lazy: () => import('../features/operator/channels/route') },
              { path: 'canales/:channelId', lazy: () => import('../features/operator/channels/edit-route') },
              { path: 'listas', lazy: () => import('../features/operator/lineups/route') },
              { path: 'guias', lazy: () => import('../features/operator/sources/route') },
              { path: 'guias/:sourceId', lazy: () => import('../features/operator/sources/source-route') },
              { path: 'productos', lazy: () => import('../features/operator/products/route') },
              { path: 'productos/:productId', lazy: () => import('../features/operator/products/product-route') },
              { path: 'suscriptores', lazy: () => import('../features/operator/subscribers/route') },
              { path: 'suscriptores/:userId', lazy: () => import('../features/operator/subscribers/subscriber-route') },
              { path: 'registro', lazy: () => import('../features/operator/audit/route') },
              { path: 'roles', lazy: () => import('../features/operator/roles/route') },
              { path: '*', element: <Navigate to={paths.operator.getHref()} replace /> },
            ],
          },
          /* eslint-enable pantalla-web/feature-boundaries */
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
