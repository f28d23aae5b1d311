import type { GuideGenre } from './genres';

/** A text with the language the guide gave it (lang="es"), null when it gave none. */
export interface LocalizedText {
  text: string;
  lang: string | null;
}

/** A <channel> of an XMLTV guide. */
export interface GuideChannel {
  id: string;
  /** The display name to show: Spanish first, then English, then the first given. */
  name: string;
  /** Every display name in file order (the DTD: earlier ones are more canonical). */
  names: LocalizedText[];
  icon: string | null;
  urls: string[];
  line: number;
}

export type CreditKind =
  | 'director'
  | 'actor'
  | 'writer'
  | 'adapter'
  | 'producer'
  | 'composer'
  | 'editor'
  | 'presenter'
  | 'commentator'
  | 'guest';

/** One person of <credits>, in the guide's order (most important first). */
export interface GuideCredit {
  kind: CreditKind;
  name: string;
  /** The character an actor plays (role="..."). */
  role: string | null;
  /** The first <image> of the person. */
  image: string | null;
  /** An actor marked guest="yes". */
  guest: boolean;
}

/** An <image> of a programme: poster, backdrop or still. */
export interface GuideImage {
  url: string;
  type: string | null;
  /** 1 small (< 200 px), 2 medium, 3 large (> 400 px). */
  size: number | null;
  orient: 'P' | 'L' | null;
  system: string | null;
}

/** <episode-num>: xmltv_ns counts from zero, these fields count from one. */
export interface GuideEpisode {
  season: number | null;
  episode: number | null;
  part: number | null;
  parts: number | null;
  onscreen: string | null;
  /** What the guide shows: the onscreen text, else 'T2 E5' from xmltv_ns. */
  label: string;
}

/** A <programme> of an XMLTV guide, times as epoch ms, its end always known. */
export interface GuideProgramme {
  channel: string;
  start: number;
  stop: number;
  /**
   * Where the end came from: the stop attribute, the next programme's start, <length>, or
   * the default length of a channel's last programme ('default': its end is not known).
   */
  stopFrom: 'stop' | 'next' | 'length' | 'default';
  /** The title to show (es, en, first). */
  title: string;
  titles: LocalizedText[];
  subTitle: string;
  desc: string;
  credits: GuideCredit[];
  /** <date> as written ('2026', '20260615'). */
  date: string;
  year: number | null;
  categories: string[];
  genre: GuideGenre | null;
  countries: string[];
  /** <length>, the programme's true length without advertisements. */
  lengthMs: number | null;
  icon: string | null;
  images: GuideImage[];
  episode: GuideEpisode | null;
  /** The first <rating>'s value ('+16', '12', 'TP'), '' without one. */
  rating: string;
  ratingSystem: string | null;
  /** The first <star-rating>, as 'N/M' ('7/10'). */
  starRating: string | null;
  isNew: boolean;
  premiere: boolean;
  previouslyShown: boolean;
  lastChance: boolean;
  /**
   * clumpidx="index/count": programmes sharing one slot ('News; Weather'), merged into the
   * first (index 0 unless the guide lists the first one late); null outside a clump.
   */
  clump: { index: number; count: number } | null;
  /** catchup-id="...", which Kodi's IPTV Simple reads for providers that need one. */
  catchupId: string | null;
  line: number;
}

/** Where one channel's programmes lie in the file: what an import replaces. */
export interface ChannelSpan {
  from: number;
  to: number;
  count: number;
}
