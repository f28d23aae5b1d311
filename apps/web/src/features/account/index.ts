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
