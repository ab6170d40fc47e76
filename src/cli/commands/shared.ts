import type { Command } from 'commander';
import { UserError } from '../../errors/user-error.js';
import type { CommandName, FlagValues, OptionSpec, Plugin } from '../../plugin/types.js';
import { bindOptions, GLOBAL_OPTIONS, mergeOptions } from '../options.js';

/** pluginOptions merges the options every plugin of the chain declares for a command. */
export function pluginOptions(chain: readonly Plugin[], command: CommandName): OptionSpec[] {
  return mergeOptions(chain.map((p) => p[command]?.options ?? []));
}

/** addCommandOptions binds the CLI's own options, the chain's plugin options and the global options. */
export function addCommandOptions(
  cmd: Command,
  own: readonly OptionSpec[],
  chain: readonly Plugin[],
  command: CommandName,
): void {
  const ownNames = new Set(own.map((o) => o.name));
  bindOptions(cmd, own);
  bindOptions(
    cmd,
    pluginOptions(chain, command).filter((o) => !ownNames.has(o.name)),
  );
  bindOptions(cmd, GLOBAL_OPTIONS);
}

/** examplesHelp renders examples for the end of a command's help. */
export function examplesHelp(examples: readonly string[]): string {
  return `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}\n`;
}

/** flagValues narrows commander's opts() to the plugin flag type. */
export function flagValues(opts: Record<string, unknown>): FlagValues {
  return opts as FlagValues;
}

/**
 * externalApiDomain reads `--external-api-domain` (a kind another project owns, as kubebuilder's flag of
 * the same name): its group is `<group>.<domain>`, also when the group is named like a Kubernetes one
 * (`--group networking --external-api-domain istio.io`).
 */
export function externalApiDomain(flags: FlagValues): string | undefined {
  const d = flags['externalApiDomain'];
  if (d === undefined) return undefined;
  if (typeof d !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(d))
    throw new UserError(`invalid --external-api-domain ${JSON.stringify(d)}`, {
      hint: "use the domain part of the kind's API group, e.g. --group cert-manager --external-api-domain io for cert-manager.io",
    });
  return d;
}
