import { UserError } from '../../errors/user-error.js';
import type { ProjectConfig } from '../../model/project.js';
import { validateGroup, validateKind, validatePlural, validateVersion, pluralOf } from '../../model/naming.js';
import { isCoreGroup } from '../../model/core-groups.js';
import type { FlagValues } from '../../plugin/types.js';
import { chainKeys, pluginsFlag, readProject } from '../chain.js';
import type { CliIO } from '../io.js';
import { requireFlag } from '../runner.js';

/** loadExistingProject loads PROJECT or explains that the command must run inside a project. */
export function loadExistingProject(io: CliIO, command: string): ProjectConfig {
  const project = readProject(io.cwd);
  if (project === undefined)
    throw new UserError(`no PROJECT file in ${io.cwd}: \`operator-ts ${command}\` must run in a project`, {
      hint: 'cd into the project directory, or create one with `operator-ts init --domain example.com`',
    });
  return project;
}

/** actionChainKeys is the chain of a command run inside a project. */
export function actionChainKeys(project: ProjectConfig, argv: readonly string[], command?: string): string[] {
  return chainKeys(project, pluginsFlag(argv), command);
}

/** Gvk is the validated resource identity from --group/--version/--kind/--plural. */
export interface Gvk {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly core: boolean;
}

/** readGvk reads and validates --group, --version, --kind and --plural. */
export function readGvk(flags: FlagValues, command: string): Gvk {
  const example = `operator-ts ${command} --group cache --version v1alpha1 --kind Memcached`;
  const group = requireFlag(flags, 'group', 'group', example);
  const version = requireFlag(flags, 'version', 'version', example);
  const kind = requireFlag(flags, 'kind', 'kind', example);
  validateGroup(group);
  validateVersion(version);
  validateKind(kind);
  const plural = typeof flags['plural'] === 'string' ? flags['plural'] : pluralOf(kind);
  validatePlural(plural);
  return { group, version, kind, plural, core: isCoreGroup(group) };
}
