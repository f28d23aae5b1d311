/**
 * Every route of the app, in one place: `path` is the router pattern, `getHref` builds a
 * link. Trailing slashes follow the spec's route table.
 */
const enc = encodeURIComponent;

export const paths = {
  // Public: reachable without a session.
  landing: { path: '/', getHref: () => '/' },
  lostPassword: { path: '/lostpassword', getHref: () => '/lostpassword/' },
  resetPassword: { path: '/resetpassword/:token', getHref: (token: string) => `/resetpassword/${enc(token)}` },
  /** The sign-in mail's link (ours), sent while an account or address is under attack. */
  signInLink: { path: '/signin/:token', getHref: (token: string) => `/signin/${enc(token)}` },
  register: {
    path: '/register',
    getHref: (product?: string) => (product ? `/register/?product=${enc(product)}` : '/register/'),
  },
  registerGearup: { path: '/register_gearup', getHref: () => '/register_gearup/' },
  registerResult: { path: '/register_result/:res', getHref: (res: 'success' | 'fail') => `/register_result/${res}` },
  loginConfirm: {
    path: '/login_confirm/:pr',
    getHref: (packageId: string | number, login?: string) =>
      `/login_confirm/${enc(String(packageId))}${login ? `?login=${enc(login)}` : ''}`,
  },
  /** The registration mail's link (ours: the spec has no address for it). */
  confirmEmail: { path: '/confirm/:token', getHref: (token: string) => `/confirm/${enc(token)}` },
  /** The e-mail change mail's link, to the new address (ours, issue 26). */
  confirmEmailChange: { path: '/confirm-email/:token', getHref: (token: string) => `/confirm-email/${enc(token)}` },
  /** The privacy and cookies policy (ours). */
  privacy: { path: '/privacy', getHref: () => '/privacy/' },
  purchaseResult: { path: '/purchase_result/:res', getHref: (res: 'success' | 'fail') => `/purchase_result/${res}` },
  /** The general terms of contract the checkout links to (ours). */
  terms: { path: '/terms', getHref: () => '/terms/' },

  // Signed in only.
  purchase: { path: '/purchase/:encodedPurchaseData', getHref: (encoded: string) => `/purchase/${encoded}` },
  checkout: { path: '/checkout', getHref: () => '/checkout/' },
  settings: { path: '/settings', getHref: () => '/settings/' },
  /** Mis grabaciones (issue 29). */
  recordings: { path: '/recordings', getHref: () => '/recordings/' },
  /** "Mi lista" (issue 30): films, series and programmes the profile kept; `?kind=` filters it. */
  myList: { path: '/mi-lista', getHref: () => '/mi-lista/' },
  /** A receipt from the billing history, printable (ours). */
  receipt: { path: '/settings/receipts/:entryId', getHref: (entryId: string) => `/settings/receipts/${enc(entryId)}` },
  guide: { path: '/epg', getHref: () => '/epg/' },
  guideAlt: { path: '/epg1', getHref: () => '/epg1/' },
  genres: { path: '/gid', getHref: () => '/gid/' },
  /** The spec's home with optional genreId and subgenreId: the genre's page (docs/decisions.md). */
  homeGenre: {
    path: '/:genreId/:subgenreId?',
    getHref: (genreId: number, subgenreId?: number) => `/${genreId}${subgenreId === undefined ? '' : `/${subgenreId}`}`,
  },
  genre: {
    path: '/gid/:genreId/:subgenreId?',
    getHref: (genreId: string | number, subgenreId?: string | number) =>
      `/gid/${enc(String(genreId))}${subgenreId === undefined ? '' : `/${enc(String(subgenreId))}`}`,
  },
  genreAlt: { path: '/gid2/:id', getHref: (id: string | number) => `/gid2/${enc(String(id))}` },
  allInCategory: { path: '/allincat', getHref: () => '/allincat/' },
  allInCategory2: { path: '/allincat2', getHref: () => '/allincat2/' },
  allInCategory3: { path: '/allincat3', getHref: () => '/allincat3/' },
  sports: { path: '/sports', getHref: () => '/sports/' },
  search: { path: '/search/:pattern?', getHref: (pattern: string) => `/search/${enc(pattern)}` },
  /** Not in the spec's route table (it shows detail and calendar as panels): our addresses. */
  detail: {
    path: '/detail/:kind/:id',
    getHref: (kind: string, id: string | number) => `/detail/${enc(kind)}/${enc(String(id))}`,
  },
  calendar: { path: '/calendar', getHref: () => '/calendar/' },
  /** `encoded` is the player codec's output (base64 of the URI-encoded fields). */
  player: { path: '/emplayer/:data', getHref: (encoded: string) => `/emplayer/${encoded}` },
  legacyPlayer: { path: '/player/:legacy', getHref: (legacy: string) => `/player/${legacy}` },
  catchupPlayer: { path: '/cuplayer/:cuData', getHref: (cuData: string) => `/cuplayer/${cuData}` },
  diagnostics: { path: '/conndiag', getHref: () => '/conndiag/' },
  manifestTest: { path: '/_test1234', getHref: () => '/_test1234/' },
  extInfo: { path: '/extinfo', getHref: () => '/extinfo/' },
  /** The operator console (issue 27); its sections' addresses live in features/operator/sections.ts. */
  operator: { path: '/operador', getHref: () => '/operador/' },
} as const;

/** Channels genre (TV channels filter), AMC and adult genre ids. */
export const CHANNELS_GENRE_ID = 5310;
