import type { RecordingRule, RecordingRuleCreate, RecordingRulePage } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import type { GuideProgramme, PlayableChannel } from '../catalogue';
import type { AccessResolver } from '../commerce';
import { episodeKey, fold, isNewEpisode, RuleIndex, type MatchRule } from './matching';
import type { ProfileKey, RecordingsRepository } from './recordings.repository';
import {
  kidsMayHave,
  recordable,
  type ChannelRights,
  type RecordingSources,
  type RecordingsService,
} from './recordings.service';
import type { RemindersRepository } from './reminders.repository';
import type { RuleForMatching, RulesRepository } from './rules.repository';
import type { RecordingRuleRow } from './tables';
import { DAY_MS, durationSeconds, fits, mediaKeyOf, quotaHours, type QuotaUse } from './timing';

/** How far back rules look: the longest catch-up a channel keeps (7 days). */
const RULE_LOOKBACK_MS = 7 * DAY_MS;
const PAGE = 5_000;
/** Recordings filed per transaction: a commit per page of the guide cost more than the inserts. */
const FILE_BATCH = 2_000;

/** What one evaluation did. */
export interface EvaluationResult {
  programmes: number;
  rules: number;
  recorded: number;
  moved: number;
  cancelled: number;
}

const toRule = (row: RecordingRuleRow): RecordingRule => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
  channelId: row.channelId,
  newOnly: row.newOnly === 1,
  createdAt: row.createdAt,
});

const toMatchRule = (r: RuleForMatching): MatchRule => ({
  id: r.id,
  userId: r.userId,
  profileId: r.profileId,
  kind: r.kind,
  folded: r.folded,
  channelId: r.channelId,
  newOnly: r.newOnly === 1,
});

/** Series rules: their lists, and their evaluation over the guide after every import and on a schedule. */
export class RulesService {
  constructor(
    private readonly clock: Clock,
    private readonly rules: RulesRepository,
    private readonly recordings: RecordingsRepository,
    private readonly reminders: RemindersRepository,
    private readonly service: RecordingsService,
    private readonly sources: RecordingSources,
    private readonly settings: { quotaHours: number; packageHours: ReadonlyMap<number, number> },
  ) {}

  async create(who: ProfileKey, body: RecordingRuleCreate): Promise<RecordingRule> {
    const row = await this.rules.insert({
      userId: who.userId,
      profileId: who.profileId,
      kind: body.kind,
      text: body.text,
      folded: fold(body.text),
      channelId: body.channelId,
      newOnly: body.newOnly ? 1 : 0,
      createdAt: this.clock.now(),
    });
    // The new rule meets the guide at once, so its marks show as soon as it is saved (the unique
    // (profile, programme) index keeps a scheduled evaluation running beside it from recording twice).
    await this.match(this.clock.now(), [toMatchRule(row)]);
    return toRule(row);
  }

  async page(who: ProfileKey, cursor: string | undefined, limit: number): Promise<RecordingRulePage> {
    const before = cursor && /^\d{1,10}$/.test(cursor) ? Number(cursor) : null;
    const rows = await this.rules.page(who, before, limit + 1);
    const items = rows.slice(0, limit).map(toRule);
    return { items, nextCursor: rows.length > limit ? String(items.at(-1)?.id) : null };
  }

  /** Deletes a rule and the recordings it scheduled that have not happened yet; made ones stay. */
  async remove(who: ProfileKey, id: number): Promise<void> {
    if (!(await this.rules.find(who, id))) throw notFound('Regla no encontrada.');
    await this.recordings.remove({ owner: who, ids: await this.recordings.scheduledIdsOfRule(who, id) });
    await this.rules.remove(who, id);
  }

  /**
   * One evaluation (callers hold the cluster's lock): scheduled recordings and reminders follow
   * moved programmes and go with cancelled ones, then every rule meets every programme from a
   * week back. The unique (profile, programme) index makes a repeated evaluation record nothing new.
   */
  async evaluate(): Promise<EvaluationResult> {
    const now = this.clock.now();
    await this.service.housekeeping();
    const { moved, cancelled } = await this.followGuide();
    const rules: MatchRule[] = [];
    for (let after = 0; ;) {
      const rows = await this.rules.forMatching(after, PAGE);
      if (rows.length === 0) break;
      for (const r of rows) rules.push(toMatchRule(r));
      after = rows.at(-1)?.id ?? after;
    }
    return { ...(await this.match(now, rules)), moved, cancelled };
  }

  /** Rules against every programme from a week back: how many programmes were read and recorded. */
  private async match(
    now: number,
    rules: readonly MatchRule[],
  ): Promise<{ programmes: number; rules: number; recorded: number }> {
    const result = { programmes: 0, rules: rules.length, recorded: 0 };
    if (rules.length === 0) return result;
    const run = new Evaluation(now, rules, this.recordings, this.service, this.sources, this.settings);
    await run.loadEpisodes();
    let after: { startTime: number; id: number } | null = null;
    for (;;) {
      const page = await this.sources.guide.page(now - RULE_LOOKBACK_MS, after, PAGE);
      if (page.length === 0) break;
      result.programmes += page.length;
      result.recorded += await run.take(page);
      const last = page.at(-1);
      after = last ? { startTime: last.startTime, id: last.id } : null;
    }
    result.recorded += await run.file();
    return result;
  }

  /** Scheduled recordings and reminders of programmes that moved follow them; of cancelled ones go. */
  private async followGuide(): Promise<{ moved: number; cancelled: number }> {
    let moved = 0;
    let cancelled = 0;
    for (let after = 0; ;) {
      const rows = await this.recordings.scheduledPage(after, PAGE);
      if (rows.length === 0) break;
      const guide = new Map(
        (await this.sources.guide.programmes([...new Set(rows.map((r) => r.eventId))])).map((p) => [p.id, p]),
      );
      const gone: number[] = [];
      for (const row of rows) {
        const p = guide.get(row.eventId);
        if (!p || p.channelId !== row.channelId) gone.push(row.id);
        else if (p.startTime !== row.startTime || p.endTime !== row.endTime) {
          await this.recordings.move(row, { startTime: p.startTime, endTime: p.endTime, mediaKey: mediaKeyOf(p) });
          moved += 1;
        }
      }
      cancelled += await this.recordings.remove({ ids: gone });
      after = rows.at(-1)?.id ?? after;
    }
    await this.reminders.followGuide(this.sources.guide);
    return { moved, cancelled };
  }
}

/** One evaluation's state: channels, rights, quotas and audiences read once per channel, account or profile. */
class Evaluation {
  private readonly index: RuleIndex;
  private readonly episodes = new Map<number, Set<string>>();
  private readonly channels = new Map<number, { channel: PlayableChannel | undefined; rights: ChannelRights }>();
  private readonly users = new Map<number, { access: AccessResolver; quota: QuotaUse }>();
  /** A kids profile's highest rating, null for an adult one, undefined for a deleted one. */
  private readonly kids = new Map<number, number | null | undefined>();
  /** Taken and not filed yet (a pair repeated in it, a programme moved while paging, is filed once). */
  private readonly taken: { rule: MatchRule; programme: GuideProgramme; user: { quota: QuotaUse } }[] = [];

  constructor(
    private readonly now: number,
    private readonly rules: readonly MatchRule[],
    private readonly recordings: RecordingsRepository,
    private readonly service: RecordingsService,
    private readonly sources: RecordingSources,
    private readonly settings: { quotaHours: number; packageHours: ReadonlyMap<number, number> },
  ) {
    this.index = new RuleIndex(rules);
  }

  async loadEpisodes(): Promise<void> {
    const newOnly = this.rules.filter((r) => r.newOnly).map((r) => r.id);
    for (const { ruleId, episodeNum } of await this.recordings.episodesOfRules(newOnly)) {
      const key = episodeKey(episodeNum);
      if (key === null) continue;
      const set = this.episodes.get(ruleId) ?? new Set<string>();
      set.add(key);
      this.episodes.set(ruleId, set);
    }
  }

  /** Takes what this page of the guide matches, filing a full batch; answers how many recordings were made. */
  async take(page: readonly GuideProgramme[]): Promise<number> {
    const wanted: { rule: MatchRule; programme: GuideProgramme }[] = [];
    for (const programme of page) for (const rule of this.index.match(programme)) wanted.push({ rule, programme });
    if (wanted.length === 0) return 0;
    const held = await this.recordings.heldPairs([...new Set(wanted.map((w) => w.programme.id))]);
    // Counted as each is taken (a page may hold an episode and its repeat), filed in batches.
    for (const { rule, programme } of wanted) {
      if (rule.newOnly && !isNewEpisode(programme, this.episodes.get(rule.id) ?? new Set())) continue;
      const pair = `${rule.profileId}:${programme.id}`;
      if (held.has(pair) || !(await this.allowed(rule, programme))) continue;
      held.add(pair);
      const user = this.users.get(rule.userId);
      const seconds = durationSeconds(programme);
      if (!user || !fits(user.quota, seconds)) continue;
      this.count(user.quota, programme, seconds);
      this.taken.push({ rule, programme, user });
      const key = episodeKey(programme.episodeNum);
      if (rule.newOnly && key !== null) this.episodes.set(rule.id, (this.episodes.get(rule.id) ?? new Set()).add(key));
    }
    return this.taken.length >= FILE_BATCH ? this.file() : 0;
  }

  /** Files what was taken so far; answers how many recordings were made. */
  async file(): Promise<number> {
    const taken = this.taken.splice(0);
    const filed = await this.recordings.insertMany(
      taken.map(({ rule, programme }) => this.service.newRow(rule, programme, rule.id, this.now)),
    );
    let made = 0;
    taken.forEach(({ programme, user }, i) => {
      if (filed[i]) made += 1;
      // Held already (a rule saved meanwhile recorded it): its hours were counted when it was read.
      else this.count(user.quota, programme, -durationSeconds(programme));
    });
    return made;
  }

  private count(quota: QuotaUse, programme: GuideProgramme, seconds: number): void {
    if (programme.endTime <= this.now) quota.usedSeconds += seconds;
    else quota.scheduledSeconds += seconds;
  }

  /**
   * The channel may be recorded now, the account owns it and the rule's profile may watch it (a
   * kids profile's rule files nothing it may not see); loads the account's quota on first sight.
   */
  private async allowed(rule: MatchRule, programme: GuideProgramme): Promise<boolean> {
    const { userId, profileId } = rule;
    let c = this.channels.get(programme.channelId);
    if (!c) {
      c = {
        channel: await this.sources.channel(programme.channelId),
        rights: await this.service.rightsOf(programme.channelId),
      };
      this.channels.set(programme.channelId, c);
    }
    if (!c.channel || recordable(c.channel, c.rights, programme, this.now) !== null) return false;
    if (!this.kids.has(profileId)) this.kids.set(profileId, await this.sources.profileKids(userId, profileId));
    const kids = this.kids.get(profileId);
    if (kids === undefined || !kidsMayHave(kids, programme, c.channel)) return false;
    let user = this.users.get(userId);
    if (!user) {
      const access = await this.sources.rights.accessFor(userId);
      const seconds = await this.recordings.secondsByState(userId);
      const hours = quotaHours(access.ownedPackageIds, this.settings.packageHours, this.settings.quotaHours);
      user = {
        access,
        quota: { usedSeconds: seconds.ready, scheduledSeconds: seconds.scheduled, limitSeconds: hours * 3600 },
      };
      this.users.set(userId, user);
    }
    return user.access.ownedPackageIds.has(c.channel.packageId);
  }
}
