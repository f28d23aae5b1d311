import type { Deps } from '../../platform/module';
import { ContentRepository } from './content.repository';
import { ManifestService } from './manifest.service';
import { mediaConfig, type MediaConfig } from './media-config';
import { MediaStore } from './media-store';
import { playbackSigningKey } from './signed-url';

/** The origin's services, wired once per Deps and shared with the playback module. */
export interface OriginServices {
  cfg: MediaConfig;
  content: ContentRepository;
  media: MediaStore;
  manifests: ManifestService;
  signingKey: Buffer;
}

const byDeps = new WeakMap<Deps, OriginServices>();

export function originServices(deps: Deps): OriginServices {
  const existing = byDeps.get(deps);
  if (existing) return existing;
  const cfg = mediaConfig(deps.config);
  const content = new ContentRepository(deps.db);
  const media = new MediaStore(cfg);
  const services: OriginServices = {
    cfg,
    content,
    media,
    manifests: new ManifestService(cfg, content, media, deps.clock),
    signingKey: playbackSigningKey(deps.config.authSecret),
  };
  byDeps.set(deps, services);
  return services;
}
