/** Generator is one output of `operator-ts generate`. */
export type Generator = 'crd' | 'rbac' | 'webhook' | 'code';

/**
 * GENERATORS lists every generator in output order. It has a module of its own so that the CLI can list
 * the generators (help, shell completion) without loading the generator.
 */
export const GENERATORS: readonly Generator[] = ['crd', 'rbac', 'webhook', 'code'];
