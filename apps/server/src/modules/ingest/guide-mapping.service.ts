import type { ChannelOption, GuideMapping, GuideMappingRequest, UnmatchedGuideId } from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Clock } from '../../platform/clock';
import { normalizeForSearch, type ImportProgramme, type ImportWriter } from '../catalogue';
import type { SizeLimits } from './byte-source';
import type { GuideMappingRepository } from './guide-mapping.repository';
import { GuideStager } from './guide-stager';
import type { ImportChoices } from './ingest.service';

/** Why a mapping could not be made, for the route to answer as a 4xx. */
export type MappingRefusal = 'no-channel';

/**
 * The guide ids an import could not match (issue 27). Each import of a source stages the
 * programmes of its unmatched ids; the operator maps an id to a channel (or creates one, or
 * ignores it): the staged programmes are written on that channel at once, and again after
 * every later import of the id. A created channel carries the id as its tvg-id, so later
 * imports match it by themselves.
 */
export class GuideMappingService {
  constructor(
    private readonly repo: GuideMappingRepository,
    private readonly writer: () => ImportWriter,
    private readonly exclusive: <T>(name: string, fn: () => Promise<T>) => Promise<T>,
    private readonly changed: () => void,
    private readonly clock: Clock,
  ) {}

  /**
   * A stager for one import of a source of this kind, with the import's choices: one that keeps
   * unmatched guide channels aside stages declared channels too; the source's shift moves what it stages.
   */
  async stager(kind: 'xmltv' | 'm3u', limits: SizeLimits, choices: ImportChoices = {}): Promise<GuideStager> {
    return new GuideStager(
      kind === 'xmltv',
      kind === 'xmltv' ? await this.repo.carriedGuideIds() : new Set(),
      limits,
      choices.unmatchedGuideChannels !== undefined,
      choices.guideShiftMinutes ?? 0,
    );
  }

  /**
   * After a guide import: stages what still matches no channel (replacing the source's last
   * staging) and attaches the programmes of the ids already mapped.
   */
  async afterImport(sourceId: number, stager: GuideStager): Promise<void> {
    const candidates = await stager.programmes();
    const carried = await this.repo.carriedGuideIds();
    const kept = candidates.filter((p) => !carried.has(p.guideId));
    await this.repo.replaceStaged(
      sourceId,
      kept.map((p) => ({
        sourceId,
        guideId: p.guideId,
        startTime: p.programme.startTime,
        line: p.line,
        programme: JSON.stringify(p.programme),
      })),
    );
    const mapped = await this.repo.mappings([...new Set(kept.map((p) => p.guideId))]);
    for (const m of mapped) if (m.action === 'map' && m.channelId !== null) await this.attach(m.guideId, m.channelId);
  }

  unmatched(sourceId: number, after: string | null, limit: number): Promise<UnmatchedGuideId[]> {
    return this.repo.unmatched(sourceId, after, limit);
  }

  unmatchedCounts(sourceIds: readonly number[]): Promise<Map<number, number>> {
    return this.repo.unmatchedCounts(sourceIds);
  }

  async channelOptions(q: string, limit: number): Promise<ChannelOption[]> {
    const number = /^\d{1,6}$/.test(q) ? Number(q) : null;
    return this.repo.channelOptions(normalizeForSearch(q), number, limit);
  }

  /** Saves the operator's decision (audited) and applies it at once. */
  async decide(request: GuideMappingRequest, actor: Actor): Promise<GuideMapping | MappingRefusal> {
    const now = this.clock.now();
    if (request.action === 'ignore') {
      await this.repo.saveMapping(
        { guideId: request.guideId, action: 'ignore', channelId: null, updatedAt: now },
        actor,
        { action: 'guide-mapping.ignore' },
      );
      return { guideId: request.guideId, action: 'ignore', channelId: null, programmesAttached: 0 };
    }
    let channelId: number;
    if (request.action === 'map') {
      if (!(await this.repo.channel(request.channelId))) return 'no-channel';
      channelId = request.channelId;
    } else {
      // The catalogue adds channels in its own transaction (lineups, numbering); the mapping and its audit row follow in ours.
      const [created] = await this.writer().saveChannels([
        { create: { name: request.name, tvgId: request.guideId, guideSource: 'import' } },
      ]);
      if (!created) throw new Error('the catalogue created no channel');
      channelId = created.id;
    }
    await this.repo.saveMapping({ guideId: request.guideId, action: 'map', channelId, updatedAt: now }, actor, {
      action: request.action === 'map' ? 'guide-mapping.map' : 'guide-mapping.create-channel',
    });
    const programmesAttached = await this.attach(request.guideId, channelId);
    return { guideId: request.guideId, action: 'map', channelId, programmesAttached };
  }

  /** Writes the staged programmes of a guide id on a channel: one window from the first to the last. */
  private async attach(guideId: string, channelId: number): Promise<number> {
    const rows = await this.repo.staged(guideId);
    if (rows.length === 0) return 0;
    const programmes: ImportProgramme[] = [];
    const seen = new Set<number>();
    for (const r of rows) {
      // Two sources staging the same id: the first programme at a start wins.
      if (seen.has(Number(r.startTime))) continue;
      seen.add(Number(r.startTime));
      programmes.push(JSON.parse(r.programme) as ImportProgramme);
    }
    const from = Math.min(...programmes.map((p) => p.startTime));
    const to = Math.max(...programmes.map((p) => p.endTime));
    await this.exclusive('ingest', async () => {
      const writer = this.writer();
      await writer.replaceGuide([{ channelId, from, to, programmes }]);
      writer.guideImported();
    });
    this.changed();
    return programmes.length;
  }
}
