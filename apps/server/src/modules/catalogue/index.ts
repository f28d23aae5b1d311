import path from 'node:path';
import type { Platform, ServerModule } from '../../platform/module';
import type { AccessRights, PpvOffers } from '../commerce';
import type { Authenticator, PersonalDataHolder, ProfileResolver } from '../identity';
import { GuideFiltersRepository } from './guide-filters/guide-filters.repository';
import { guideFilterRoutes } from './guide-filters/guide-filters.routes';
import { GuideSearchRepository } from './guide-search/guide-search.repository';
import { guideSearchRoutes } from './guide-search/guide-search.routes';
import { GuideSearchService } from './guide-search/guide-search.service';
import { cataloguePersonalData } from './personal-data';
import { CatalogueDataRepository } from './personal-data.repository';
import { BookmarksRepository } from './bookmarks.repository';
import { startBlockReader } from './block-reader';
import type { ImportWriter } from './catalogue-import.service';
import { createImportWriter } from './import-writer';
import { CatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { CatalogueService } from './catalogue.service';
import { GenresService } from './genres.service';
import { GuideRepository } from './guide.repository';
import { GuideService } from './guide.service';
import { imageRoutes } from './images/images.routes';
import { ImagesService } from './images/images.service';
import { ImageStore } from './images/image-store';
import type { ImageDestinations } from './images/remote-fetch';
import { RemoteImages } from './images/remote-images';
import { KeepWatchingService, type KeepWatching } from './keep-watching.service';
import { ListsService } from './lists.service';
import { manifestTestRoutes } from './manifest-test.routes';
import { ManifestTestService } from './manifest-test.service';
import { catalogueMigrations } from './migrations';
import { OperatorChannelsRepository } from './operator-channels.repository';
import { operatorChannelRoutes } from './operator-channels.routes';
import { OperatorChannelsService } from './operator-channels.service';
import type { Playables } from './playables';
import { PlayablesRepository } from './playables.repository';
import { RecordableGuideRepository, type RecordableGuide } from './recordable-guide.repository';
import { ReferenceCache } from './reference-cache';
import { seedCatalogueReference } from './reference-seed';
import { ResponseCache } from './response-cache';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';
import { seedDemoCatalogue } from './seed/seed';
import { toBlockYielding } from './window-blocks';
import { SeedRepository } from './seed.repository';

/** The catalogue's genres (reference data): importers map categories onto them. */
export { CATALOGUE_GENRES } from './reference-data';
/** The demo's channel ids (the QoE demo's audience watches them). */
export { DEMO_CHANNEL_IDS } from './seed/demo-structure';
export { matchKey, normalizeForSearch } from './search-text';
export { startImportThread } from './import-thread-client';
export type {
  CatalogueImports,
  ImportWriter,
  ChannelChanges,
  ChannelUpsert,
  GuideCounts,
  GuideWindow,
  ImportChannel,
  ImportProgramme,
} from './catalogue-import.service';
export type { KeepWatching } from './keep-watching.service';
export type { ChannelLabel, PlayableChannel, PlayableEvent, PlayableTitle, Playables, SeriesLabel } from './playables';
export type { GuideProgramme, RecordableGuide } from './recordable-guide.repository';
/** The kids profile's audience check (issue 30): recordings and reminders apply it as the catalogue does. */
export { kidsMay, kidsMayChannel, kidsRefused, type KidsLevel } from './catalogue.service';

/** What the catalogue needs of other modules. */
export interface CatalogueNeeds {
  auth: Authenticator;
  /** The profile a request names (the guide search hides from a kids profile what it may not see). */
  profiles: ProfileResolver;
  /** Marks every listed item as owned or for sale. */
  rights: AccessRights;
  /** The demo seed puts its pay-per-view programmes on sale. */
  offers: PpvOffers;
  /**
   * Where pictures on http: may be fetched from, and where the console's stream check may ask a stream
   * (the relay's rule, INGEST_ALLOWED_HOSTS): no private or loopback address unless allowed.
   */
  destinations: { images: ImageDestinations; streams: ImageDestinations };
}

/** The catalogue as the other modules see it. */
export interface Catalogue {
  module: ServerModule;
  /** What plays: channels, programmes, films and episodes (origin, playback). */
  playables: Playables;
  /** The guide as recordings match and file it (issue 29). */
  recordableGuide: RecordableGuide;
  /** Saved positions (playback). */
  keepWatching: KeepWatching;
  /** The write side of channels and the guide on this thread's connection, in batches (ingest). */
  imports: ImportWriter;
  /** What an import written from another thread changed: this process's readers (and, through the bus, the others') see it. */
  importsChanged(): void;
  /** The demo catalogue: channels, titles, a generated guide, PPV offers (the demo seed only). */
  seedDemo(): Promise<void>;
  /** The user's keep-watching positions for the data export; removed when the account is deleted (issue 26). */
  personalData: PersonalDataHolder;
}

/** Regions, lineups, channels, genres, guide, films, series, screens and lists, search, images, keep-watching. */
export function createCatalogue(platform: Platform, needs: CatalogueNeeds): Catalogue {
  const { db, clock, caches, config } = platform;
  const repo = new CatalogueRepository(db);
  const guideRepo = new GuideRepository(db);
  const seeds = new SeedRepository(db);
  // Genre counts come from the guide: an import changes them too.
  const reference = new ReferenceCache(repo, guideRepo, caches, ['catalogue.genre-counts']);
  const responses = new ResponseCache(caches, 'catalogue.responses', 15_000, 64 * 1024 * 1024);
  const catalogue = new CatalogueService(clock, repo, reference, responses, needs.rights);
  const guide = new GuideService(clock, guideRepo, catalogue, caches);
  const bookmarks = new BookmarksRepository(db);
  const keepWatching = new KeepWatchingService(clock, bookmarks, guideRepo, catalogue);
  // A deleted profile's positions go with it (issue 30).
  needs.profiles.onDeleted((userId, profileId) => bookmarks.removeProfile({ userId, profileId }));
  const services = {
    catalogue,
    guide,
    keepWatching,
    lists: new ListsService(catalogue, guide, keepWatching),
    genres: new GenresService(clock, catalogue, guide, caches),
    search: new SearchService(new SearchRepository(db), catalogue),
  };
  const images = new ImagesService(config.operator.name, catalogue, guideRepo);
  const remoteImages = new RemoteImages((owner, id) => images.remoteSources(owner, id), {
    store: new ImageStore(path.join(config.dataDir, 'images'), config.images.cacheBytes, () => clock.now()),
    destinations: needs.destinations.images,
    limits: { maxBytes: config.images.maxBytes, timeoutMs: 8_000, maxRedirects: 3 },
    refreshMs: config.images.refreshMs,
    concurrency: 6,
    clock,
    log: platform.log,
  });
  const imports = createImportWriter({ clock, db, changes: reference });
  const operatorChannels = new OperatorChannelsService(
    clock,
    new OperatorChannelsRepository(db),
    reference,
    caches,
    needs.destinations.streams,
  );
  const manifestTest = new ManifestTestService(clock, guideRepo, {
    adminEmails: config.adminEmails,
    mediaBaseUrl: config.media.baseUrl,
  });

  const guideSearch = new GuideSearchService(clock, new GuideSearchRepository(db), catalogue);

  const module: ServerModule = {
    name: 'catalogue',
    migrations: catalogueMigrations,
    seedReference: () => seedCatalogueReference(seeds),
    // A serving process may read guide blocks in a thread when its database opens from one (issue 31, item 9, GUIDE_READER_THREAD).
    startWork: () => {
      const { address } = db;
      if (!address || !config.guideReaderThread) return async () => undefined;
      const reader = startBlockReader(address, async (from, to) =>
        toBlockYielding(await guideRepo.eventsStartingIn(from, to), from),
      );
      guide.readBlocksIn(reader);
      return async () => {
        guide.readBlocksIn(null);
        await reader.close();
      };
    },
    async routes(app) {
      await catalogueRoutes(app, services, needs.auth, needs.profiles);
      await imageRoutes(app, images, remoteImages);
      await manifestTestRoutes(app, manifestTest, needs.auth);
      await operatorChannelRoutes(app, operatorChannels, needs.auth);
      await guideSearchRoutes(app, needs.auth, needs.profiles, guideSearch);
      await guideFilterRoutes(app, needs.auth, needs.profiles, new GuideFiltersRepository(db));
    },
  };
  return {
    module,
    playables: new PlayablesRepository(db),
    recordableGuide: new RecordableGuideRepository(db),
    keepWatching,
    imports,
    importsChanged: () => void reference.invalidate('changes'),
    personalData: cataloguePersonalData(new CatalogueDataRepository(db)),
    seedDemo: () =>
      seedDemoCatalogue({ clock, repo: seeds, offers: needs.offers, changed: () => reference.invalidate() }),
  };
}
