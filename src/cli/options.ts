import { InvalidArgumentError, Option, type Command } from 'commander';
import type { OptionSpec } from '../plugin/types.js';

/** parseBoolean accepts the values `--flag=<value>` may carry for a boolean flag. */
export function parseBoolean(value: string | boolean): boolean {
  // Without a value commander sets true itself; the parser only sees `--x=<value>` / `--x <value>`.
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new InvalidArgumentError(`expected true or false, got "${String(value)}"`);
}

function parseList(value: string, previous: unknown): string[] {
  const prev = Array.isArray(previous) ? (previous as string[]) : [];
  return [
    ...prev,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v.length > 0),
  ];
}

/**
 * mergeOptions folds the option lists of a plugin chain into one list: equal names are bound once; the
 * same name with different types is a plugin bug.
 */
export function mergeOptions(lists: readonly (readonly OptionSpec[])[]): OptionSpec[] {
  const byName = new Map<string, OptionSpec>();
  for (const list of lists)
    for (const spec of list) {
      const prev = byName.get(spec.name);
      if (prev === undefined) byName.set(spec.name, spec);
      else if (prev.type !== spec.type)
        throw new Error(
          `option --${spec.name} is declared as ${prev.type} and as ${spec.type} by plugins of the chain`,
        );
    }
  return [...byName.values()];
}

/**
 * bindOptions adds declared options to a commander command. Booleans accept `--x`, `--x=true|false`
 * and `--no-x`, so the kubebuilder spelling `--resource=false` works.
 */
export function bindOptions(cmd: Command, specs: readonly OptionSpec[]): void {
  for (const spec of specs) {
    if (spec.type === 'boolean') {
      const opt = new Option(`--${spec.name} [bool]`, spec.description).argParser(parseBoolean);
      if (spec.default !== undefined) opt.default(spec.default);
      cmd.addOption(opt);
      cmd.addOption(new Option(`--no-${spec.name}`, `same as --${spec.name}=false`).hideHelp());
    } else if (spec.type === 'list') {
      const opt = new Option(`--${spec.name} <values>`, `${spec.description} (comma-separated)`).argParser(parseList);
      if (spec.default !== undefined) opt.default(spec.default);
      cmd.addOption(opt);
    } else {
      const opt = new Option(`--${spec.name} <value>`, spec.description);
      if (spec.choices !== undefined) opt.choices(spec.choices);
      if (spec.default !== undefined) opt.default(spec.default);
      cmd.addOption(opt);
    }
  }
}

/** GLOBAL_OPTIONS are bound on every scaffolding command. */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'plugins',
    type: 'list',
    description: 'plugin keys to use instead of the chain recorded in PROJECT (e.g. typescript/v1,kustomize/v2)',
  },
  {
    name: 'dry-run',
    type: 'boolean',
    description: 'print the CREATE/UPDATE/SKIP list and write nothing',
    default: false,
  },
  { name: 'verbose', type: 'boolean', description: 'print stacks and cause chains of errors', default: false },
];
