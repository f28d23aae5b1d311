/** Request and response schemas shared by the server and the app. */
export * from './errors';
export * from './jwt';
export * from './ids';
export * from './text';
export * from './identity';
export * from './registration';
export * from './commerce';
export * from './billing';
export * from './catalogue';
export * from './playback';
export * from './ingest';
export * from './diagnostics';
export * from './operator';
