import { UserError } from '../../errors/user-error.js';
import { builtinKinds, findBuiltinKind, type BuiltinKindInfo } from '../../model/builtin-kinds.js';
import { coreGroupFlag, coreGroupName, isCoreGroup } from '../../model/core-groups.js';
import { checkKindName } from '../../model/kind-names.js';
import { checkQualifiedGroup } from '../../model/naming.js';
import type { ProjectConfig, ResourceConfig } from '../../model/project.js';
import { apiDir, fullGroup } from '../../model/resource.js';
import type { FlagValues } from '../../plugin/types.js';
import type { Gvk } from './project-context.js';
import { externalApiDomain } from './shared.js';

// Which resource a `create api` or `create webhook` works on follows kubebuilder's go/v4 rules
// (pkg/plugins/golang/options.go UpdateResource): a kind the command scaffolds types for, or one PROJECT
// already has types for, is the project's own (`<group>.<domain>`), even when its group is named like a
// Kubernetes one (the book's batch.tutorial.kubebuilder.io CronJob); only otherwise does a core group
// name a built-in kind, which must then be one the runtime has a descriptor for.

/** ownResource is the project's own entry for the group/version/kind (types or controller of its own), if any. */
function ownResource(project: ProjectConfig, gvk: Gvk): ResourceConfig | undefined {
  return project.resources.find(
    (r) =>
      r.core !== true &&
      r.external !== true &&
      r.group === gvk.group &&
      r.version === gvk.version &&
      r.kind === gvk.kind,
  );
}

function entryFor(project: ProjectConfig, candidate: ResourceConfig): ResourceConfig {
  const group = fullGroup(candidate);
  return (
    project.resources.find(
      (r) => fullGroup(r) === group && r.version === candidate.version && r.kind === candidate.kind,
    ) ?? candidate
  );
}

function newOwnResource(project: ProjectConfig, gvk: Gvk): ResourceConfig {
  const qualified = `${gvk.group}.${project.domain}`;
  const problem = checkQualifiedGroup(qualified);
  if (problem !== undefined)
    throw new UserError(
      `invalid API group "${qualified}" (--group ${gvk.group} with the project domain ${project.domain}): ${problem.reason}`,
      {
        hint: 'use a shorter --group',
      },
    );
  const dir = apiDir(project, gvk);
  const siblings = project.resources
    .filter((r) => r.core !== true && r.external !== true && apiDir(project, r) === dir)
    .map((r) => r.kind);
  const clash = checkKindName(gvk.kind, gvk.group, siblings);
  if (clash !== undefined)
    throw new UserError(`cannot scaffold a kind named ${gvk.kind}: ${clash.reason}`, {
      hint: `use a name such as --kind ${clash.suggestion}`,
    });
  return { group: gvk.group, domain: project.domain, version: gvk.version, kind: gvk.kind, plural: gvk.plural };
}

function describeBuiltin(k: BuiltinKindInfo): string {
  return `${k.group === '' ? 'core' : k.group}/${k.version} ${k.kind}`;
}

/** builtinResource is the built-in kind of a core group, checked against the runtime's table by group, version and kind. */
function builtinResource(project: ProjectConfig, gvk: Gvk, flags: FlagValues, command: string): ResourceConfig {
  const group = coreGroupName(gvk.group);
  const known = findBuiltinKind(group, gvk.version, gvk.kind);
  if (known === undefined) {
    const asked = `${group === '' ? 'core' : group}/${gvk.version} ${gvk.kind}`;
    const sameKind = builtinKinds().filter((k) => k.kind === gvk.kind);
    if (sameKind.length > 0)
      throw new UserError(
        `${asked} is not a built-in kind: ${gvk.kind} is ${sameKind.map(describeBuiltin).join(', ')}`,
        {
          hint: sameKind
            .map(
              (k) =>
                `operator-ts ${command} --group ${coreGroupFlag(k.group)} --version ${k.version} --kind ${k.kind}${command === 'create api' ? ' --resource=false' : ''}`,
            )
            .join(', or '),
        },
      );
    const inGroup = builtinKinds().filter((k) => k.group === group);
    const listed =
      inGroup.length > 0
        ? `the built-in kinds of ${gvk.group} it has are ${inGroup.map((k) => `${k.version} ${k.kind}`).join(', ')}; `
        : '';
    throw new UserError(`operator-ts/runtime has no descriptor for the built-in kind ${asked}`, {
      hint: `${listed}for a kind of this project's own, ${command === 'create api' ? 'drop --resource=false' : 'create its API first with operator-ts create api'} (its group becomes ${gvk.group}.${project.domain})`,
    });
  }
  const plural = flags['plural'];
  if (typeof plural === 'string' && plural !== known.plural)
    throw new UserError(`the built-in ${describeBuiltin(known)} is served as ${known.plural}, not ${plural}`, {
      hint: 'drop --plural',
    });
  return entryFor(project, {
    core: true,
    group: gvk.group,
    version: gvk.version,
    kind: gvk.kind,
    plural: known.plural,
  });
}

function externalResource(project: ProjectConfig, gvk: Gvk, domain: string): ResourceConfig {
  return entryFor(project, {
    external: true,
    group: gvk.group,
    domain,
    version: gvk.version,
    kind: gvk.kind,
    plural: gvk.plural,
  });
}

/**
 * createApiTarget is the resource `create api` scaffolds: the project's own kind when it scaffolds the
 * types (`--resource`, the default) or PROJECT already has them; else another project's kind with
 * `--external-api-domain`; else a built-in kind for a core group; else the project's own kind without
 * types. An entry PROJECT already has for it is returned as is.
 */
export function createApiTarget(project: ProjectConfig, gvk: Gvk, flags: FlagValues): ResourceConfig {
  const doApi = flags['resource'] !== false;
  const external = externalApiDomain(flags);
  if (external !== undefined && doApi)
    throw new UserError('--external-api-domain is for a kind another project owns, which gets no API types here', {
      hint: 'add --resource=false',
    });
  const own = ownResource(project, gvk);
  if (doApi || own?.api !== undefined) return own ?? newOwnResource(project, gvk);
  if (external !== undefined) return externalResource(project, gvk, external);
  if (isCoreGroup(gvk.group)) return builtinResource(project, gvk, flags, 'create api');
  return own ?? newOwnResource(project, gvk);
}

/**
 * createWebhookTarget is the resource `create webhook` scaffolds for: the project's own kind when PROJECT
 * has its types (so the book's batch/v1 CronJob is the project's), else another project's kind with
 * `--external-api-domain`, else a built-in kind for a core group.
 */
export function createWebhookTarget(project: ProjectConfig, gvk: Gvk, flags: FlagValues): ResourceConfig {
  const own = ownResource(project, gvk);
  if (own?.api !== undefined) return own;
  const external = externalApiDomain(flags);
  if (external !== undefined) return externalResource(project, gvk, external);
  if (isCoreGroup(gvk.group)) return builtinResource(project, gvk, flags, 'create webhook');
  throw new UserError(`no API ${gvk.group}/${gvk.version} ${gvk.kind} in PROJECT: a webhook needs an existing API`, {
    hint: `create it first: operator-ts create api --group ${gvk.group} --version ${gvk.version} --kind ${gvk.kind}`,
  });
}
