/** What the rest of the app may use from the account feature. */
export { LoginForm, type LoginFormProps } from './components/login-form';
export { LostPasswordForm } from './components/lost-password-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { SignInLinkScreen } from './components/sign-in-link-screen';
export { ConfirmEmailChangeScreen } from './components/confirm-email-change-screen';
export { session, useSession, useUserInfo, useAuthenticatedUser, restoreSession, logout } from './stores/session';
export type { SessionState, SessionStatus } from './stores/session-store';
export { useLogout } from './api/logout';
export { signIn, signInWithLink, loginWithPassword, type LoginInput } from './api/login';
export { useProfiles, getProfilesQueryOptions } from './api/get-profiles';
export { useAccount, getAccountQueryOptions } from './api/get-account';
export { useServerTime, getServerTime, getServerTimeQueryOptions } from './api/get-server-time';
export { useServiceLocator, getServiceLocatorQueryOptions } from './api/get-service-locator';
export { ConfirmationReminderSlot as ConfirmationReminder } from './registration/components/confirmation-reminder-slot';
// Registration, its result, the login confirmation and the mail's link: one chunk each.
export const registrationRoutes = {
  register: () => import('./registration/routes/register'),
  registerGearup: () => import('./registration/routes/register-gearup'),
  registerResult: () => import('./registration/routes/register-result'),
  loginConfirm: () => import('./registration/routes/login-confirm'),
  confirmEmail: () => import('./registration/routes/confirm-email'),
  privacy: () => import('./registration/routes/privacy'),
};
