import { LineCounter, parseAllDocuments } from 'yaml';
import { UserError } from '../../src/index.js';

/** Obj is one decoded Kubernetes object (or a part of one). */
export type Obj = Record<string, unknown>;

/** isObj tells whether a value is a plain mapping (a decoded YAML map, not a template node). */
export function isObj(value: unknown): value is Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** SourcedObject is an object of the kustomize output with the line its document starts at. */
export interface SourcedObject {
  readonly obj: Obj;
  readonly line: number;
}

/**
 * KustomizeOutput is the rendered config/default: its objects, and the namespace and name prefix
 * kustomize gave them, read off the manager Deployment (`<prefix>controller-manager` in `<namespace>`).
 */
export interface KustomizeOutput {
  readonly source: string;
  readonly objects: readonly SourcedObject[];
  readonly namespace: string;
  readonly prefix: string;
  readonly manager: Obj;
}

const MANAGER_SUFFIX = 'controller-manager';

/** metaOf returns an object's metadata (an empty one when missing). */
export function metaOf(obj: Obj): Obj {
  return isObj(obj['metadata']) ? obj['metadata'] : {};
}

/** nameOf is metadata.name, or '' when missing. */
export function nameOf(obj: Obj): string {
  const name = metaOf(obj)['name'];
  return typeof name === 'string' ? name : '';
}

/** kindOf is `kind`, or '' when missing. */
export function kindOf(obj: Obj): string {
  return typeof obj['kind'] === 'string' ? obj['kind'] : '';
}

const RENDER_HINT =
  'render config/default first: `make build-installer` (or `kubectl kustomize config/default > dist/install.yaml`), or name the file with --manifests';

/** parseYamlStream parses a multi-document YAML text; a syntax error or a non-mapping document is located. */
export function parseYamlStream(text: string, source: string, hint: string): SourcedObject[] {
  const lineCounter = new LineCounter();
  const out: SourcedObject[] = [];
  for (const doc of parseAllDocuments(text, { lineCounter })) {
    const line = lineCounter.linePos(doc.range[0]).line;
    const error = doc.errors[0];
    if (error !== undefined)
      throw new UserError(
        `${source}:${lineCounter.linePos(error.pos[0]).line}: invalid YAML: ${error.message.split('\n')[0] ?? ''}`,
        { hint },
      );
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (!isObj(value) || typeof value['apiVersion'] !== 'string' || typeof value['kind'] !== 'string')
      throw new UserError(`${source}:${line}: expected a Kubernetes object with apiVersion and kind`, { hint });
    out.push({ obj: value, line });
  }
  return out;
}

/**
 * readKustomizeOutput parses `kubectl kustomize config/default` output. The manager Deployment must be
 * there: the chart is built around it, and it tells the namespace and name prefix to turn into Helm's.
 */
export function readKustomizeOutput(text: string, source: string): KustomizeOutput {
  const objects = parseYamlStream(text, source, RENDER_HINT);
  const managers = objects.filter((o) => kindOf(o.obj) === 'Deployment' && nameOf(o.obj).endsWith(MANAGER_SUFFIX));
  if (managers.length === 0)
    throw new UserError(`${source}: no manager Deployment (named <prefix>${MANAGER_SUFFIX}) in the kustomize output`, {
      hint: RENDER_HINT,
    });
  if (managers.length > 1)
    throw new UserError(
      `${source}:${managers[1]!.line}: a second manager Deployment ${nameOf(managers[1]!.obj)}; the chart packages one manager`,
      {
        hint: 'render only config/default into the file',
      },
    );
  const manager = managers[0]!;
  const namespace = metaOf(manager.obj)['namespace'];
  if (typeof namespace !== 'string' || namespace === '')
    throw new UserError(`${source}:${manager.line}: the manager Deployment has no namespace`, {
      hint: 'config/default/kustomization.yaml sets `namespace:`; render that kustomization',
    });
  return {
    source,
    objects,
    namespace,
    prefix: nameOf(manager.obj).slice(0, -MANAGER_SUFFIX.length),
    manager: manager.obj,
  };
}
