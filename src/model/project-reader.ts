import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Document, LineCounter, Node } from 'yaml';
import { osReason } from '../errors/os-reason.js';
import { UserError } from '../errors/user-error.js';
import { yamlLibrary } from '../yaml/yaml.js';
import {
  checkDomain,
  checkGroup,
  checkKind,
  checkPlural,
  checkProjectName,
  checkRepo,
  checkVersion,
  type NameProblem,
} from './naming.js';
import { regularPlural } from './plural.js';
import { fullGroup } from './resource.js';
import { IMPLICIT_PLURAL, PROJECT_FILE, type ProjectConfig, type ResourceConfig } from './project.js';

/** PathSegment addresses a value inside PROJECT: a mapping key or a list index. */
export type PathSegment = string | number;

/** ProjectFile is a read and validated PROJECT, with the position of each of its values. */
export interface ProjectFile {
  readonly config: ProjectConfig;
  /** The text the file held when it was read. */
  readonly text: string;
  /** The file name errors are reported against (`PROJECT`). */
  readonly file: string;
  /** locate gives `PROJECT:<line>:<column>` of the value at path, or of its nearest enclosing value. */
  locate(path: readonly PathSegment[]): string;
}

const PLUGIN_KEY = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/v[0-9]+(-(alpha|beta))?$/;

/** Reader validates one parsed document, reporting the first problem at its position. */
class Reader {
  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
    readonly file: string,
  ) {}

  locate(path: readonly PathSegment[]): string {
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (
        node !== undefined &&
        node !== null &&
        typeof node === 'object' &&
        'range' in node &&
        node.range !== undefined &&
        node.range !== null
      ) {
        const pos = this.lines.linePos(node.range[0]);
        return `${this.file}:${pos.line}:${pos.col}`;
      }
    }
    return `${this.file}:1:1`;
  }

  line(path: readonly PathSegment[]): string {
    return this.locate(path).split(':')[1] ?? '1';
  }

  fail(path: readonly PathSegment[], message: string, hint: string): never {
    throw new UserError(`${this.locate(path)}: ${message}`, { hint });
  }

  /** name checks a string value with a naming rule; `label` is how the message names it. */
  name(
    path: readonly PathSegment[],
    label: string,
    value: unknown,
    check: (v: string) => NameProblem | undefined,
  ): void {
    const key = String(path[path.length - 1]);
    if (typeof value !== 'string')
      this.fail(
        path,
        `${label} must be a string, found ${JSON.stringify(value)}`,
        `write ${key} as text on line ${this.line(path)} of ${this.file}, ${restore(this.file)}`,
      );
    const problem = check(value);
    if (problem !== undefined)
      this.fail(
        path,
        `invalid ${label} ${JSON.stringify(value)}: ${problem.reason}`,
        `write \`${key}: ${problem.suggestion}\` on line ${this.line(path)} of ${this.file}`,
      );
  }

  boolean(obj: Record<string, unknown>, path: readonly PathSegment[], label: string): void {
    const key = String(path[path.length - 1]);
    const value = obj[key];
    if (value !== undefined && typeof value !== 'boolean')
      this.fail(
        path,
        `${label} must be true or false, found ${JSON.stringify(value)}`,
        `write \`${key}: false\` (or true) on line ${this.line(path)} of ${this.file}`,
      );
  }

  mapping(value: unknown): value is Record<string, unknown> {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  }

  required(obj: Record<string, unknown>, key: string, path: readonly PathSegment[], label: string, hint: string): void {
    if (obj[key] === undefined || obj[key] === null) this.fail(path, `${label} has no ${key}`, hint);
  }
}

function restore(file: string): string {
  return `or restore ${file} from version control`;
}

function checkTop(r: Reader, obj: Record<string, unknown>): void {
  const f = r.file;
  if (String(obj['version']) !== '3') {
    if (obj['version'] === undefined) r.fail([], `${f} has no version`, `add \`version: "3"\` to ${f}`);
    r.fail(
      ['version'],
      `${f} has unsupported version "${String(obj['version'])}"`,
      'operator-ts understands project version "3"',
    );
  }
  r.required(
    obj,
    'domain',
    [],
    f,
    `add \`domain: example.com\` (the domain of the project's API groups) to ${f}, ${restore(f)}`,
  );
  r.name(['domain'], 'domain', obj['domain'], checkDomain);
  r.required(obj, 'projectName', [], f, `add \`projectName: <name>\` to ${f}, ${restore(f)}`);
  r.name(['projectName'], 'projectName', obj['projectName'], checkProjectName);
  if (obj['repo'] !== undefined) r.name(['repo'], 'repo', obj['repo'], checkRepo);
  const layout = obj['layout'];
  if (layout === undefined || layout === null)
    r.fail(
      [],
      `${f} has no layout (the plugin chain its commands run)`,
      `add \`layout: [operator-ts.dev/v1]\` to ${f} (the chain init recorded), ${restore(f)}`,
    );
  if (!Array.isArray(layout) || layout.length === 0)
    r.fail(
      ['layout'],
      'layout must be a list of plugin keys',
      `write it as \`layout: [operator-ts.dev/v1]\` in ${f}, ${restore(f)}`,
    );
  layout.forEach((key: unknown, i) => {
    if (typeof key !== 'string' || !PLUGIN_KEY.test(key))
      r.fail(
        ['layout', i],
        `invalid plugin key ${JSON.stringify(key)} in layout`,
        `write plugin keys as <name>/<version>, e.g. operator-ts.dev/v1, on line ${r.line(['layout', i])} of ${f}`,
      );
  });
  if (obj['cliVersion'] !== undefined && typeof obj['cliVersion'] !== 'string')
    r.fail(
      ['cliVersion'],
      `cliVersion must be a string, found ${JSON.stringify(obj['cliVersion'])}`,
      `quote it: \`cliVersion: "${String(obj['cliVersion'])}"\``,
    );
  r.boolean(obj, ['multigroup'], 'multigroup');
  r.boolean(obj, ['namespaced'], 'namespaced');
  const plugins = obj['plugins'];
  if (plugins !== undefined && plugins !== null) {
    if (!r.mapping(plugins))
      r.fail(
        ['plugins'],
        'plugins must be a mapping of plugin keys to their settings',
        `fix ${f} by hand, ${restore(f)}`,
      );
    for (const [key, settings] of Object.entries(plugins)) {
      if (!PLUGIN_KEY.test(key))
        r.fail(
          ['plugins', key],
          `invalid plugin key ${JSON.stringify(key)} in plugins`,
          'plugin keys are <name>/<version>, e.g. operator-ts.dev/v1',
        );
      if (settings !== null && !r.mapping(settings))
        r.fail(['plugins', key], `plugins.${key} must be a mapping of settings`, `fix ${f} by hand, ${restore(f)}`);
    }
  }
}

function checkResource(r: Reader, entry: unknown, i: number): ResourceConfig {
  const at = (...rest: PathSegment[]): PathSegment[] => ['resources', i, ...rest];
  const fix = `fix ${r.file} by hand, ${restore(r.file)}`;
  if (!r.mapping(entry)) r.fail(at(), `resources[${i}] must be a mapping with group, version and kind`, fix);
  for (const key of ['group', 'version', 'kind'] as const)
    r.required(
      entry,
      key,
      at(),
      `resources[${i}]`,
      `add \`${key}:\` to the entry on line ${r.line(at())}, ${fix.replace(/^fix /, 'or fix ')}`,
    );
  r.name(at('group'), `resources[${i}].group`, entry['group'], checkGroup);
  r.name(at('version'), `resources[${i}].version`, entry['version'], checkVersion);
  r.name(at('kind'), `resources[${i}].kind`, entry['kind'], checkKind);
  if (entry['domain'] !== undefined && entry['domain'] !== '')
    r.name(at('domain'), `resources[${i}].domain`, entry['domain'], checkDomain);
  if (entry['plural'] !== undefined) r.name(at('plural'), `resources[${i}].plural`, entry['plural'], checkPlural);
  if (entry['path'] !== undefined && typeof entry['path'] !== 'string')
    r.fail(at('path'), `resources[${i}].path must be a string`, fix);
  for (const key of ['controller', 'core', 'external']) r.boolean(entry, at(key), `resources[${i}].${key}`);
  const api = entry['api'];
  if (api !== undefined && api !== null) {
    if (!r.mapping(api)) r.fail(at('api'), `resources[${i}].api must be a mapping with crdVersion and namespaced`, fix);
    if (api['crdVersion'] !== 'v1')
      r.fail(
        at('api', 'crdVersion'),
        `resources[${i}].api.crdVersion must be v1, found ${JSON.stringify(api['crdVersion'])}`,
        `write \`crdVersion: v1\` on line ${r.line(at('api', 'crdVersion'))} of ${r.file}`,
      );
    r.boolean(api, at('api', 'namespaced'), `resources[${i}].api.namespaced`);
  }
  const webhooks = entry['webhooks'];
  if (webhooks !== undefined && webhooks !== null) {
    if (!r.mapping(webhooks)) r.fail(at('webhooks'), `resources[${i}].webhooks must be a mapping`, fix);
    if (webhooks['webhookVersion'] !== 'v1')
      r.fail(
        at('webhooks', 'webhookVersion'),
        `resources[${i}].webhooks.webhookVersion must be v1, found ${JSON.stringify(webhooks['webhookVersion'])}`,
        `write \`webhookVersion: v1\` on line ${r.line(at('webhooks'))} of ${r.file}`,
      );
    for (const key of ['defaulting', 'validation', 'conversion', 'sidecarInjection'])
      r.boolean(webhooks, at('webhooks', key), `resources[${i}].webhooks.${key}`);
    const spoke = webhooks['spoke'];
    if (spoke !== undefined) {
      if (!Array.isArray(spoke))
        r.fail(at('webhooks', 'spoke'), `resources[${i}].webhooks.spoke must be a list of versions`, fix);
      spoke.forEach((v: unknown, j) =>
        r.name(at('webhooks', 'spoke', j), `resources[${i}].webhooks.spoke[${j}]`, v, checkVersion),
      );
    }
  }
  const resource = { ...entry } as ResourceConfig;
  if (resource.plural === undefined) {
    resource.plural = regularPlural(resource.kind);
    resource[IMPLICIT_PLURAL] = resource.plural;
  }
  return resource;
}

function checkResources(r: Reader, value: unknown): ResourceConfig[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    r.fail(['resources'], 'resources must be a list of resource entries', `fix ${r.file} by hand, ${restore(r.file)}`);
  const resources = value.map((entry: unknown, i) => checkResource(r, entry, i));
  resources.forEach((res, i) => {
    const group = fullGroup(res);
    const first = resources.findIndex(
      (o) => fullGroup(o) === group && o.version === res.version && o.kind === res.kind,
    );
    if (first < i)
      r.fail(
        ['resources', i],
        `resources[${i}] repeats ${group === '' ? 'core' : group}/${res.version} ${res.kind} (already resources[${first}] on line ${r.line(['resources', first])})`,
        `remove one of the two entries from ${r.file}`,
      );
  });
  return resources;
}

/**
 * parseProjectFile reads project file text and validates every value it holds (version, domain,
 * projectName, repo, layout and plugin keys, each resource's group, version, kind, plural and flags), so
 * that no command works from a hand-edited value it would not have written. Errors name
 * `file:line:column` and the fix. A resource without `plural` gets kubebuilder's regular plural, computed
 * here once; it is written back only if a command changes it, so the file round-trips byte for byte.
 */
export function parseProjectFile(text: string, file = PROJECT_FILE): ProjectFile {
  const yaml = yamlLibrary();
  const lines = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const reader: Reader = new Reader(doc, lines, file);
  const parseError = doc.errors[0];
  if (parseError !== undefined) {
    const pos = lines.linePos(parseError.pos[0]);
    throw new UserError(
      `${file}:${pos.line}:${pos.col}: ${file} is not valid YAML: ${parseError.message.split('\n')[0]}`,
      {
        hint: `fix ${file} by hand, ${restore(file)}`,
        cause: parseError,
      },
    );
  }
  const raw: unknown = doc.toJS();
  if (!reader.mapping(raw))
    reader.fail([], `${file} is not a project file (expected a YAML mapping)`, `restore ${file} from version control`);
  checkTop(reader, raw);
  const config: ProjectConfig = {
    ...raw,
    version: '3',
    domain: raw['domain'] as string,
    projectName: raw['projectName'] as string,
    layout: (raw['layout'] as string[]).map(String),
    cliVersion: typeof raw['cliVersion'] === 'string' ? raw['cliVersion'] : '',
    multigroup: raw['multigroup'] === true,
    namespaced: raw['namespaced'] === true,
    plugins: (raw['plugins'] as Record<string, Record<string, unknown>> | undefined) ?? {},
    resources: checkResources(reader, raw['resources']),
  };
  return { config, text, file, locate: (path) => reader.locate(path) };
}

/** parseProject is {@link parseProjectFile} for callers that need only the values. */
export function parseProject(text: string, file = PROJECT_FILE): ProjectConfig {
  return parseProjectFile(text, file).config;
}

/** readProjectText reads `<dir>/PROJECT`, undefined when there is none; an unreadable one is a UserError naming the fix. */
export function readProjectText(dir: string): string | undefined {
  const path = join(dir, PROJECT_FILE);
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR')
      throw new UserError(`${PROJECT_FILE} in ${dir} is a folder, not the project file`, {
        hint: `move the folder ${PROJECT_FILE} away: operator-ts keeps the project's settings in a file of that name`,
        cause: err,
      });
    if (code === 'EACCES' || code === 'EPERM')
      throw new UserError(`cannot read ${PROJECT_FILE} in ${dir}: ${osReason(err)}`, {
        hint: `make it readable for your user (e.g. chmod u+r ${PROJECT_FILE}), or run in a copy you own`,
        cause: err,
      });
    throw new UserError(`cannot read ${PROJECT_FILE} in ${dir}: ${osReason(err)}`, {
      hint: `check that ${PROJECT_FILE} can be read`,
      cause: err,
    });
  }
}

/** readProjectFile reads and validates `<dir>/PROJECT` (see {@link parseProjectFile}), or returns undefined when the directory has none. */
export function readProjectFile(dir: string): ProjectFile | undefined {
  const text = readProjectText(dir);
  return text === undefined ? undefined : parseProjectFile(text);
}
