import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { execa } from 'execa';
import { parseAllDocuments } from 'yaml';
import { runCliOk } from '../helpers/cli.js';
import { goldenRoot } from '../helpers/paths.js';

/** Obj is a decoded Kubernetes object. */
export type Obj = Record<string, unknown>;

/** HELM_LABELS are the labels a Helm release sets where kustomize's config has its own (or none). */
export const HELM_LABELS = ['app.kubernetes.io/managed-by', 'helm.sh/chart', 'app.kubernetes.io/instance'];
/** HELM_ANNOTATIONS are the annotations that only mean something to Helm. */
export const HELM_ANNOTATIONS = [
  'helm.sh/resource-policy',
  'meta.helm.sh/release-name',
  'meta.helm.sh/release-namespace',
];

/** parseObjects decodes a multi-document YAML stream, dropping empty documents. */
export function parseObjects(text: string): Obj[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as unknown)
    .filter((d): d is Obj => typeof d === 'object' && d !== null);
}

/** objectKey identifies an object by kind, namespace and name. */
export function objectKey(obj: Obj): string {
  const meta = (obj['metadata'] ?? {}) as Obj;
  return `${String(obj['kind'])}/${String(meta['namespace'] ?? '')}/${String(meta['name'])}`;
}

/**
 * withoutUnset drops fields that say nothing: nulls, and empty lists (`ports: []`, `volumes: []` of a
 * manager without webhooks), which the API server does not store either (the fields are omitempty).
 */
function withoutUnset(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnset);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => [k, withoutUnset(v)]),
  );
}

/** withoutHelmMetadata drops Helm's labels and annotations (and maps left empty by that) and unset fields from an object. */
export function withoutHelmMetadata(obj: Obj): Obj {
  const out = withoutUnset(obj) as Obj;
  const meta = (out['metadata'] ?? {}) as Obj;
  for (const [field, keys] of [
    ['labels', HELM_LABELS],
    ['annotations', HELM_ANNOTATIONS],
  ] as const) {
    const map = meta[field] as Obj | undefined;
    if (map === undefined) continue;
    for (const k of keys) delete map[k];
    if (Object.keys(map).length === 0) delete meta[field];
  }
  return out;
}

/** byKey indexes objects by {@link objectKey}. */
export function byKey(objects: readonly Obj[]): Map<string, Obj> {
  return new Map(objects.map((o) => [objectKey(o), o]));
}

/** differences lists the objects that are missing, extra or different between two sets (Helm metadata ignored). */
export function differences(want: readonly Obj[], got: readonly Obj[]): string[] {
  const w = byKey(want.map(withoutHelmMetadata));
  const g = byKey(got.map(withoutHelmMetadata));
  const out: string[] = [];
  for (const [k, o] of w) {
    if (!g.has(k)) out.push(`missing ${k}`);
    else if (!isDeepStrictEqual(o, g.get(k)))
      out.push(`different ${k}:\n  want ${JSON.stringify(o)}\n  got  ${JSON.stringify(g.get(k))}`);
  }
  for (const k of g.keys()) if (!w.has(k)) out.push(`extra ${k}`);
  return out;
}

/** missingFields lists the paths of `want` whose values `got` does not hold (the server may add more). */
export function missingFields(want: unknown, got: unknown, path = ''): string[] {
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length)
      return [`${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
    return want.flatMap((w, i) => missingFields(w, got[i], `${path}[${i}]`));
  }
  if (typeof want === 'object' && want !== null) {
    if (typeof got !== 'object' || got === null) return [`${path}: want an object, got ${JSON.stringify(got)}`];
    return Object.entries(want).flatMap(([k, v]) => missingFields(v, (got as Obj)[k], `${path}.${k}`));
  }
  return want === got ? [] : [`${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
}

/**
 * chartProject copies a committed golden project to `dir`, renders config/default into dist/install.yaml
 * with kubectl's kustomize (what `make build-installer` does) and writes the chart with the built CLI.
 * It returns the kustomize output.
 */
export async function chartProject(
  name: string,
  dir: string,
  kubectl: string,
): Promise<{ installYaml: string; stdout: string; stderr: string }> {
  await cp(join(goldenRoot, name), dir, { recursive: true });
  const installYaml = await kustomizeDefault(dir, kubectl);
  const r = await runCliOk(['edit', '--plugins', 'helm/v1'], dir);
  return { installYaml, stdout: r.stdout, stderr: r.stderr };
}

/** kustomizeDefault writes `kubectl kustomize config/default` to dist/install.yaml and returns it. */
export async function kustomizeDefault(dir: string, kubectl: string): Promise<string> {
  const r = await execa(kubectl, ['kustomize', 'config/default'], { cwd: dir, stdin: 'ignore' });
  await mkdir(join(dir, 'dist'), { recursive: true });
  await writeFile(join(dir, 'dist/install.yaml'), String(r.stdout));
  return String(r.stdout);
}

/** helmRun runs the Helm CLI without throwing, in a clean Helm home so tests share no state. */
export async function helmRun(
  helm: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const home = join(cwd, '.helm-home');
  const r = await execa(helm, args, {
    cwd,
    reject: false,
    stdin: 'ignore',
    env: {
      HELM_CACHE_HOME: join(home, 'cache'),
      HELM_CONFIG_HOME: join(home, 'config'),
      HELM_DATA_HOME: join(home, 'data'),
      ...env,
    },
  });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}
