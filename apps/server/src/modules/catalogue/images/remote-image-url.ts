/** The paths of pictures served from our origin: shared with the app (the console shows imported logos too). */
export { needsProxy, servedImageUrl, urlFingerprint, type RemoteImageOwner } from '@pantalla/contracts';
