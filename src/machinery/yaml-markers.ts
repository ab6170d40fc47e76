import { Document, isCollection } from 'yaml';

/** YamlMarkerOptions places scaffold markers into a YAML document built from an object. */
export interface YamlMarkerOptions {
  /** Top-level keys holding a non-empty list, mapped to the marker that closes the list. */
  readonly listMarkers?: Readonly<Record<string, string>>;
  /** Marker names put at the end of the document, at the top level. */
  readonly endMarkers?: readonly string[];
  /** A comment put before the document (without `# `). */
  readonly header?: string;
  /**
   * Comment lines put after a list and above its marker, keyed by the list's key, written as given after the
   * `#` (so `- ../prometheus` becomes `#- ../prometheus`, a list item to uncomment).
   */
  readonly listComments?: Readonly<Record<string, string>>;
  /** Comment lines put at the end of the document, above the end markers, written like listComments. */
  readonly endComment?: string;
}

/**
 * toYamlWithMarkers serialises an object like `toYaml` and adds `# +operator-ts:scaffold:<name>`
 * comments, so that later commands can insert list items or blocks without rewriting the file. A null
 * value prints as an empty key (`patches:`), the way to end a document with a list still to be filled.
 */
export function toYamlWithMarkers(value: object, options: YamlMarkerOptions): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  for (const [key, name] of Object.entries(options.listMarkers ?? {})) {
    const node = doc.get(key, true);
    if (!isCollection(node)) throw new Error(`toYamlWithMarkers: ${key} is not a collection`);
    const hint = options.listComments?.[key];
    node.comment = `${hint === undefined ? '' : `${hint}\n`} +operator-ts:scaffold:${name}`;
  }
  const end = [
    ...(options.endComment === undefined ? [] : [options.endComment]),
    ...(options.endMarkers ?? []).map((m) => ` +operator-ts:scaffold:${m}`),
  ];
  if (end.length > 0) doc.comment = end.join('\n');
  if (options.header !== undefined) doc.commentBefore = ` ${options.header}`;
  const text = doc.toString({ indent: 2, indentSeq: false, lineWidth: 0, minContentWidth: 0, nullStr: '' });
  return `${text.replace(/[ \t]+$/gm, '').replace(/\n+$/, '')}\n`;
}
