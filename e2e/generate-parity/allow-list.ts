// Differences from controller-gen that operator-ts keeps on purpose, one entry per (case, node, keyword),
// each with the reason. The parity test fails on any difference not listed here, and on entries that no
// longer match anything (so the list cannot rot).

/** AllowedDifference is one accepted difference. */
export interface AllowedDifference {
  /** Fixture case name, or '*' for every case. */
  case: string;
  /** Node path as printed by the test (`spec.ports[].protocol`), or a RegExp over it. */
  path: string | RegExp;
  /** The differing keyword (or a RegExp over it), or `(node)` for a node present on one side only. */
  keyword: string | RegExp;
  reason: string;
}

/** ALLOWED_DIFFERENCES lists every accepted difference. */
export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [];
