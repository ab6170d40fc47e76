import { createRequire } from 'node:module';
import { emitYaml } from './yaml-emit.js';

let library: typeof import('yaml') | undefined;

/**
 * yamlLibrary returns the `yaml` library, loaded on first use: generated manifests take the direct
 * emitter, so `operator-ts generate` usually never needs it.
 */
export function yamlLibrary(): typeof import('yaml') {
  library ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return library;
}

/** YamlOptions controls {@link toYaml}. */
export interface YamlOptions {
  /**
   * Sort mapping keys alphabetically at every level, as Go's JSON-then-YAML marshalling does for
   * controller-gen output. Without it keys keep the order in which the object was built.
   */
  sortKeys?: boolean;
}

/**
 * toYamlByLibrary is the reference rendering of {@link toYaml}: the `yaml` library with block style,
 * two-space indent, no line folding, no anchors and unindented sequences.
 */
export function toYamlByLibrary(value: unknown, options: YamlOptions = {}): string {
  const text = yamlLibrary().stringify(value, {
    indent: 2,
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
    sortMapEntries: options.sortKeys === true,
    indentSeq: false,
  });
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * toYaml serialises a plain object to YAML deterministically: block style, two-space indent, no line
 * folding, no anchors, a single trailing newline. Objects are built in code and only serialised here, so
 * the same object always gives the same bytes. JSON-shaped values take a direct emitter that writes the
 * library's bytes several times faster; anything else goes through the library.
 */
export function toYaml(value: unknown, options: YamlOptions = {}): string {
  return emitYaml(value, options.sortKeys === true) ?? toYamlByLibrary(value, options);
}

/** toYamlDocuments joins several objects as a multi-document YAML stream (`---` between documents). */
export function toYamlDocuments(values: readonly unknown[], options: YamlOptions = {}): string {
  return values.map((v) => `---\n${toYaml(v, options)}`).join('');
}
