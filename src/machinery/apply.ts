import { UserError } from '../errors/user-error.js';
import type { FileDescriptor } from './descriptors.js';
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

/**
 * applyDescriptors stages descriptors on the tree in order, so that an insert can target a file a
 * previous descriptor declared. It never throws for policy violations: it returns them, so the caller
 * can report every blocked file at once.
 */
export function applyDescriptors(tree: VirtualTree, descriptors: readonly FileDescriptor[], options: ApplyOptions): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const d of descriptors) {
    switch (d.kind) {
      case 'template':
      case 'generated': {
        const content =
          d.kind === 'template'
            ? options.renderer.render(d.template, d.data)
            : 'content' in d
              ? d.content
              : d.format === 'json'
                ? `${JSON.stringify(d.object, null, 2)}\n`
                : toYaml(d.object);
        const existing = tree.read(d.path);
        if (existing === undefined || existing === content) {
          tree.write(d.path, content);
          break;
        }
        const declared = d.ifExists ?? 'overwrite';
        const policy = declared === 'error' && options.force === true ? 'overwrite' : declared;
        if (policy === 'overwrite') tree.write(d.path, content);
        else if (policy === 'skip') tree.touch(d.path);
        else
          conflicts.push({
            path: d.path,
            message: `${d.path} already exists`,
            hint:
              options.canForce === false
                ? `move ${d.path} away (${options.command ?? 'the command'} never overwrites a file), then run it again`
                : `run ${options.command ?? 'the command'} again with --force to overwrite it, or move it away`,
          });
        break;
      }
      case 'insert': {
        const existing = tree.read(d.path);
        if (existing === undefined) {
          if (d.ifMissing === 'error')
            conflicts.push({ path: d.path, message: `${d.path} does not exist`, hint: `restore ${d.path} (it is created by init)` });
          break;
        }
        const fragments = Object.fromEntries(
          Object.entries(d.fragments).map(([marker, list]) => [
            marker,
            list.map((f) => (typeof f === 'string' ? f : options.renderer.render(f.template, f.data).replace(/\n$/, ''))),
          ]),
        );
        const result = insertAtMarkers(d.path, existing, fragments);
        if (result.missing.length > 0 && d.ifMissing === 'error') {
          for (const name of result.missing)
            conflicts.push({
              path: d.path,
              message: `${d.path}: scaffold marker "${markerLine(d.path, name)}" is missing`,
              hint: `restore the line \`${markerLine(d.path, name)}\` in ${d.path} where new entries belong, then re-run`,
            });
          break;
        }
        if (result.content === existing) tree.touch(d.path);
        else tree.write(d.path, result.content);
        break;
      }
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
