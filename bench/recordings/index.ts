// Recordings bench (issue 29): 100,000 series rules evaluated against a guide of 1,000,000
// programmes (goal ≤ 10 s, ≤ 300 MB). The rules and the recordings they make live in a real
// SQLite database (the module's own tables and SQL); the guide is generated in pages as the
// catalogue's reader would hand them, so the figure is the evaluation's, not the events table's
// read. BENCH_QUICK=1 runs 10,000 rules against 100,000 programmes. Then "Grabar" on an ended
// programme to its first frame (first-frame.ts). BENCH_RECORDINGS_PART=rules or first-frame runs one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccessResolver, AccessRights } from '../../apps/server/src/modules/commerce';
import type { GuideProgramme, PlayableChannel, RecordableGuide } from '../../apps/server/src/modules/catalogue';
import {
  fold,
  RecordingsRepository,
  RecordingsService,
  recordingsMigrations,
  RemindersRepository,
  RulesRepository,
  RulesService,
} from '../../apps/server/src/modules/recordings/testing';
import { ManualClock } from '../../apps/server/src/platform/clock';
import { openSqlite } from '../../apps/server/src/platform/database';
import { migrateToLatest } from '../../apps/server/src/platform/migrate';

const QUICK = process.env.BENCH_QUICK === '1';
const RULES = QUICK ? 10_000 : 100_000;
const PROGRAMMES = QUICK ? 100_000 : 1_000_000;
const CHANNELS = 1_000;
const USERS = RULES / 2;
const SLOT_MS = 30 * 60_000;
const TITLES = 20_000;

// The guide's texts made once: formatting them per programme is the generator's cost, not the evaluation's.
const titles = Array.from({ length: TITLES }, (_, t) => (t % 3 === 0 ? `Série ${t}` : `Serie ${t}`));
const descriptions = Array.from({ length: 5000 }, (_, k) => `Capítulo de la semana: tema${k} y más`);

/** Programme i: channel i % 1000, one per half hour per channel; a title recurs 50 times on one channel. */
function programmeAt(i: number, base: number): GuideProgramme {
  const t = (i * 7919) % TITLES;
  return {
    id: i + 1,
    channelId: 1 + (i % CHANNELS),
    startTime: base + Math.floor(i / CHANNELS) * SLOT_MS,
    endTime: base + (Math.floor(i / CHANNELS) + 1) * SLOT_MS,
    title: titles[t] ?? '',
    subtitle: '',
    description: descriptions[i % 5000] ?? '',
    episodeNum: `T${1 + (i % 5)} E${1 + Math.floor(i / TITLES)}`,
  };
}

function generatedGuide(base: number): RecordableGuide {
  const at = (id: number) => (id >= 1 && id <= PROGRAMMES ? programmeAt(id - 1, base) : undefined);
  return {
    programme: async (id) => at(id),
    programmes: async (ids) => ids.flatMap((id) => at(id) ?? []),
    // Programme order is (start, id) already: index i's start never decreases.
    async page(from, after, limit) {
      let i = after ? after.id : Math.max(0, Math.floor((from - base) / SLOT_MS) * CHANNELS);
      const out: GuideProgramme[] = [];
      for (; i < PROGRAMMES && out.length < limit; i++) out.push(programmeAt(i, base));
      return out;
    },
  };
}

const channel = (id: number): PlayableChannel => ({
  id,
  name: `Canal ${id}`,
  parental: 2,
  isAdult: 0,
  tstv: 1,
  catchupHours: 168,
  streamSource: 'origin',
  streamUrl: null,
  streamProtocol: 'dash',
  alternateStreams: null,
  streamUserAgent: null,
  streamReferrer: null,
  catchupMode: null,
  catchupSource: null,
  clipKey: 'uno',
  packageId: 1,
});

const everyPackage: AccessResolver = {
  ownedPackageIds: new Set([1]),
  key: '1',
  access: (packageId) => ({ packageId, owned: true, productId: null }),
};
const rights: AccessRights = { accessFor: async () => everyPackage, accessForMarking: async () => everyPackage };

export async function runRecordingsBench(): Promise<void> {
  const part = process.env.BENCH_RECORDINGS_PART;
  if (part !== 'first-frame') await runRulesBench();
  if (part !== 'rules') await (await import('./first-frame')).runRecordFirstFrameBench();
}

async function runRulesBench(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-bench-rec-'));
  const db = openSqlite(path.join(dir, 'bench.sqlite'));
  try {
    await migrateToLatest(db, [recordingsMigrations]);
    const base = Date.UTC(2026, 11, 1);
    const clock = new ManualClock(base + 3 * 24 * 3_600_000);
    const rulesRepo = new RulesRepository(db);
    // Rules: 70 % titles (2 % on any channel), 30 % keywords; about one in twenty names something in the guide.
    for (let r = 0; r < RULES; r++) {
      const title = r % 10 < 7;
      const text = title ? `Serie ${(r * 31) % (TITLES * 20)}` : `tema${(r * 17) % 100_000}`;
      await rulesRepo.insert({
        userId: 1 + (r % USERS),
        profileId: 1 + (r % USERS),
        kind: title ? 'title' : 'keyword',
        text,
        folded: fold(text),
        channelId: title && r % 50 === 0 ? null : 1 + (r % CHANNELS),
        newOnly: r % 4 === 0 ? 1 : 0,
        createdAt: clock.now(),
      });
    }
    const guide = generatedGuide(base);
    const sources = {
      guide,
      channel: async (id: number) => (id >= 1 && id <= CHANNELS ? channel(id) : undefined),
      eventPackage: async () => null,
      rights,
      profileKids: async () => null,
    };
    const settings = { retentionDays: 90, quotaHours: 50, packageHours: new Map<number, number>() };
    const repo = new RecordingsRepository(db);
    const service = new RecordingsService(clock, repo, sources, settings);
    const rules = new RulesService(clock, rulesRepo, repo, new RemindersRepository(db), service, sources, settings);

    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const first = await rules.evaluate();
    const t1 = performance.now();
    const again = await rules.evaluate();
    const t2 = performance.now();
    clearInterval(sample);
    peak = Math.max(peak, process.memoryUsage().rss);
    const goal = QUICK ? '' : `  (goal ≤ 10 s: ${(t1 - t0) / 1000 <= 10 ? 'met' : 'MISSED'})`;
    console.log(
      `rules ${RULES.toLocaleString('en')} × programmes ${PROGRAMMES.toLocaleString('en')} (guide generated in pages)`,
    );
    console.log(
      `first evaluation   ${((t1 - t0) / 1000).toFixed(2)} s, ${first.recorded.toLocaleString('en')} recordings made${goal}`,
    );
    console.log(`second evaluation  ${((t2 - t1) / 1000).toFixed(2)} s, ${again.recorded} new (idempotent)`);
    console.log(
      `peak RSS           ${(peak / 1024 / 1024).toFixed(0)} MB${QUICK ? '' : `  (goal ≤ 300 MB: ${peak / 1024 / 1024 <= 300 ? 'met' : 'MISSED'})`}`,
    );
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
