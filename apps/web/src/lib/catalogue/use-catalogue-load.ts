import { useEffect } from 'react';
import type { Lineup } from '@pantalla/contracts';
import { showError } from '../error-modal-store';
import { i18n } from '../i18n';
import { useChannelGenres } from './get-channel-genres';
import { useChannels } from './get-channels';
import { useContents } from './get-contents';
import { useScreenLists } from './get-screen-lists';
import { findHomeScreen, useScreens } from './get-screens';
import { useSeriesList } from './get-series-list';
import { pickRegionLineup, useLineups } from './get-lineups';

export interface CatalogueLoadState {
  /** The user's region lineup, once known (null if missing or failed). */
  lineup: Lineup | null;
  /** Spec load_done: lineups, channels, screens and home categories have answered (or failed). */
  loadDone: boolean;
  /** The second stage (contents, series, channel genres) has answered too. */
  complete: boolean;
}

const settled = (q: { isSuccess: boolean; isError: boolean }) => q.isSuccess || q.isError;

/**
 * The spec's start-up load after authentication: lineups, then channels and screens (both
 * need only the lineup, so they run together), then home categories; load_done; then
 * contents, series and channel genres. The last step, events "filling the guide", is the
 * guide's opening page, which the app layer asks the guide for (`useGuideFill`). Each step
 * is a TanStack query, so every caller shares one cache and one request; screens read the
 * same queries by their options.
 * Failures are logged and leave data empty, except a lineup failure while offline, which
 * shows the recoverable error with retry.
 */
export function useCatalogueLoad({
  regionId,
  enabled,
}: {
  regionId: number | null;
  enabled: boolean;
}): CatalogueLoadState {
  const lineups = useLineups(enabled);
  const lineup = pickRegionLineup(lineups.data?.resources, regionId);
  const lineupId = lineup?.id;
  const lineupKnown = enabled && settled(lineups);

  const channels = useChannels(lineupId, lineupKnown);
  const screens = useScreens(lineupId, regionId ?? undefined, lineupKnown);
  const home = findHomeScreen(screens.data?.resources);
  const categories = useScreenLists(home?.listGroupId, lineupId, lineupKnown && home !== null);

  const loadDone = lineupKnown && settled(channels) && settled(screens) && (home === null || settled(categories));

  const contents = useContents(lineupId, loadDone);
  const series = useSeriesList(lineupId, loadDone);
  const channelGenres = useChannelGenres(loadDone);
  const complete = loadDone && [contents, series, channelGenres].every(settled);

  useEffect(() => {
    if (lineups.isSuccess && !lineup) console.warn(`No lineup for region ${regionId}`);
  }, [lineups.isSuccess, lineup, regionId]);
  useEffect(() => {
    if (screens.isSuccess && !home) console.warn('No home screen');
  }, [screens.isSuccess, home]);
  useEffect(() => {
    if (!lineups.isError) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      showError({ details: i18n.t('messages.networkError'), canDismiss: true, canRetry: true });
    } else {
      console.warn('Lineups failed to load', lineups.error);
    }
  }, [lineups.isError, lineups.error]);
  const failures = [channels, screens, categories, contents, series, channelGenres].map((q) => q.error);
  useEffect(() => {
    for (const error of failures) if (error) console.warn('Catalogue load failed', error);
    // Logged once per failure: the errors are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, failures);

  return { lineup, loadDone, complete };
}
