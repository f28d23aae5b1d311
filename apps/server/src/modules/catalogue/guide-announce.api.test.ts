import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, type TestContext } from '../../../test/context';
import { CatalogueImportRepository } from './catalogue-import.repository';
import { CatalogueImportService, type GuideWindow } from './catalogue-import.service';
import { META } from './meta-keys';

const kinds = await databaseKinds();
const HOUR = 3_600_000;

/** One hour-long programme on a channel at `start`, as a guide batch brings it. */
function windowAt(channelId: number, start: number, title = 'Programa'): GuideWindow {
  return {
    channelId,
    from: start,
    to: start + HOUR,
    programmes: [
      {
        startTime: start,
        endTime: start + HOUR,
        title,
        subtitle: '',
        description: '',
        adult: false,
        ageRating: 'TP',
        country: '',
        year: null,
        categories: [],
        directors: [],
        actors: [],
        imageUrl: null,
        episodeNum: '',
      },
    ],
  };
}

describe.each(kinds)("the guide's version during a long import on %s", (kind) => {
  let ctx: TestContext;
  let repo: CatalogueImportRepository;
  let channelId: number;
  // Far past the seeded guide, so each window is new.
  let start: number;
  const version = async () => Number(await repo.transaction((trx) => repo.meta(trx, META.guideVersion)));
  const noReaders = { invalidate: async () => undefined };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    repo = new CatalogueImportRepository(ctx.platform.db);
    channelId = (await ctx.sql.selectFrom('channels').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    start = Math.floor(ctx.clock.now() / HOUR) * HOUR + 60 * 24 * HOUR;
  });
  afterAll(async () => ctx?.close());

  it('moves at most every 30 s while batches change the guide, and once more when the import announces its end', async () => {
    const writer = new CatalogueImportService(ctx.clock, repo, noReaders, 30_000);
    const before = await version();
    await writer.replaceGuide([windowAt(channelId, start)]);
    expect(await version()).toBe(before + 1);
    ctx.clock.advance(10_000);
    await writer.replaceGuide([windowAt(channelId, start + HOUR)]);
    await writer.replaceGuide([windowAt(channelId, start + 2 * HOUR)]);
    expect(await version()).toBe(before + 1);
    await writer.announceGuide();
    expect(await version()).toBe(before + 2);
    await writer.announceGuide();
    expect(await version()).toBe(before + 2);
    // A batch that changes nothing leaves nothing to announce.
    ctx.clock.advance(10_000);
    await writer.replaceGuide([windowAt(channelId, start + 2 * HOUR)]);
    await writer.announceGuide();
    expect(await version()).toBe(before + 2);
    ctx.clock.advance(30_000);
    await writer.replaceGuide([windowAt(channelId, start + 3 * HOUR)]);
    expect(await version()).toBe(before + 3);
  });

  it("moves after every changing batch on the server's own thread (imports there are small)", async () => {
    const writer = new CatalogueImportService(ctx.clock, repo, noReaders);
    const before = await version();
    await writer.replaceGuide([windowAt(channelId, start + 10 * HOUR)]);
    await writer.replaceGuide([windowAt(channelId, start + 11 * HOUR)]);
    await writer.replaceGuide([windowAt(channelId, start + 11 * HOUR)]);
    expect(await version()).toBe(before + 2);
  });
});
