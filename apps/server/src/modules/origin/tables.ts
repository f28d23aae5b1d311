/**
 * The origin's one table: the key generation of each film, episode and catch-up programme the
 * operator has rotated (absent: generation 1). Instants are epoch milliseconds.
 */
export interface KeyGenerationTable {
  /** 'film', 'episode' or 'programme' (GenerationKind). */
  kind: string;
  contentId: number;
  generation: number;
  rotatedAt: number;
}

export interface OriginTables {
  originKeyGenerations: KeyGenerationTable;
}
