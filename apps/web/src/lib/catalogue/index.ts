/** Catalogue calls shared by browse, guide and player: one file per call, plus the start-up load. */
export * from './get-lineups';
export * from './get-channels';
export * from './get-screens';
export * from './get-screen-lists';
export * from './get-contents';
export * from './get-series-list';
export * from './get-channel-genres';
export * from './get-events';
export * from './use-catalogue-load';
