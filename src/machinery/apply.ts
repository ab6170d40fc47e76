import { UserError } from '../errors/user-error.js';
import type { FileDescriptor, GeneratedFile, InsertFile, TemplateFile } from './descriptors.js';
import { markerLine, insertAtMarkers } from './markers.js';
import type { TemplateRenderer } from './render.js';
import type { VirtualTree } from './tree.js';
import { toYaml } from '../yaml/yaml.js';

/** Conflict is one reason the staged changes cannot be written; all are reported together. */
export interface Conflict {
  readonly path: string;
  readonly message: string;
  readonly hint: string;
}

/** ApplyOptions tunes {@link applyDescriptors}. */
export interface ApplyOptions {
  readonly renderer: Pick<TemplateRenderer, 'render'>;
  /** force turns every `ifExists: 'error'` into `overwrite` (the `--force` flag). */
  readonly force?: boolean;
  /** command is named in hints, e.g. `operator-ts create api`. */
  readonly command?: string;
  /** The command has a `--force` flag to offer in hints (init has none); default true. */
  readonly canForce?: boolean;
}

/** contentOf renders a whole-file descriptor: its template, its content or bytes, or its object as JSON or YAML. */
function contentOf(d: TemplateFile | GeneratedFile, renderer: ApplyOptions['renderer']): string | Uint8Array {
  if (d.kind === 'template') return renderer.render(d.template, d.data);
  if ('content' in d) return d.content;
  if ('bytes' in d) return d.bytes;
  return d.format === 'json' ? `${JSON.stringify(d.object, null, 2)}\n` : toYaml(d.object);
}

/** sameContent compares text as text and bytes as bytes, so a copied binary file is never decoded. */
function sameContent(tree: VirtualTree, path: string, content: string | Uint8Array): boolean | undefined {
  if (typeof content === 'string') {
    const existing = tree.read(path);
    return existing === undefined ? undefined : existing === content;
  }
  const existing = tree.readBytes(path);
  return existing === undefined ? undefined : existing.equals(content);
}

/** applyFile stages a whole file; a different file already there is handled by the descriptor's ifExists (error: a conflict unless --force). */
function applyFile(tree: VirtualTree, d: TemplateFile | GeneratedFile, options: ApplyOptions): Conflict | undefined {
  const content = contentOf(d, options.renderer);
  const same = sameContent(tree, d.path, content);
  if (same !== false) {
    tree.write(d.path, content);
    return undefined;
  }
  const declared = d.ifExists ?? 'overwrite';
  const policy = declared === 'error' && options.force === true ? 'overwrite' : declared;
  if (policy === 'overwrite') tree.write(d.path, content);
  else if (policy === 'skip') tree.touch(d.path);
  else
    return {
      path: d.path,
      message: `${d.path} already exists`,
      hint:
        options.canForce === false
          ? `move ${d.path} away (${options.command ?? 'the command'} never overwrites a file), then run it again`
          : `run ${options.command ?? 'the command'} again with --force to overwrite it, or move it away`,
    };
  return undefined;
}

/** applyInsert inserts fragments at the scaffold markers of an existing file; a missing file or marker is a conflict when the descriptor says so. */
function applyInsert(tree: VirtualTree, d: InsertFile, options: ApplyOptions): Conflict[] {
  const existing = tree.read(d.path);
  if (existing === undefined) {
    return d.ifMissing === 'error'
      ? [{ path: d.path, message: `${d.path} does not exist`, hint: `restore ${d.path} (it is created by init)` }]
      : [];
  }
  const fragments = Object.fromEntries(
    Object.entries(d.fragments).map(([marker, list]) => [
      marker,
      list.map((f) => (typeof f === 'string' ? f : options.renderer.render(f.template, f.data).replace(/\n$/, ''))),
    ]),
  );
  const result = insertAtMarkers(d.path, existing, fragments);
  if (result.missing.length > 0 && d.ifMissing === 'error') {
    return result.missing.map((name) => ({
      path: d.path,
      message: `${d.path}: scaffold marker "${markerLine(d.path, name)}" is missing`,
      hint: `restore the line \`${markerLine(d.path, name)}\` in ${d.path} where new entries belong, then re-run`,
    }));
  }
  if (result.content === existing) tree.touch(d.path);
  else tree.write(d.path, result.content);
  return [];
}

/**
 * applyDescriptors stages descriptors on the tree in order, so that an insert can target a file a
 * previous descriptor declared. It never throws for policy violations: it returns them, so the caller
 * can report every blocked file at once.
 */
export function applyDescriptors(
  tree: VirtualTree,
  descriptors: readonly FileDescriptor[],
  options: ApplyOptions,
): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const d of descriptors) {
    switch (d.kind) {
      case 'template':
      case 'generated': {
        const conflict = applyFile(tree, d, options);
        if (conflict !== undefined) conflicts.push(conflict);
        break;
      }
      case 'remove':
        if (tree.exists(d.path)) tree.remove(d.path);
        break;
      case 'insert':
        conflicts.push(...applyInsert(tree, d, options));
        break;
    }
  }
  return conflicts;
}

/** conflictError folds collected conflicts into one UserError that names every file and fix. */
export function conflictError(conflicts: readonly Conflict[]): UserError {
  if (conflicts.length === 1) {
    const c = conflicts[0]!;
    return new UserError(c.message, { hint: c.hint });
  }
  return new UserError(
    `${conflicts.length} problems block this change:\n${conflicts.map((c) => `  - ${c.message}`).join('\n')}`,
    { hint: [...new Set(conflicts.map((c) => c.hint))].join('\n      ') },
  );
}
