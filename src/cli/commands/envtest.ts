import { Command, Option } from 'commander';
import type { RunContext } from '../run-context.js';

/** PRINT_FORMATS are setup-envtest's `-p` values. */
const PRINT_FORMATS = ['path', 'env', 'overview'] as const;

/**
 * envtestCommand builds `operator-ts envtest use [version]`: setup-envtest's `use` without Go. It fetches the
 * kube-apiserver, etcd and kubectl that controller-tools publishes (envtest-releases.yaml, sha512-checked)
 * into setup-envtest's store, so Go projects and operator-ts/testing share them, and prints the folder.
 */
export function envtestCommand(ctx: RunContext): Command {
  const use = new Command('use')
    .description('Install (when missing) the envtest binaries of a Kubernetes version and print their folder')
    .argument('[version]', 'X.Y.Z, or X.Y / X.Y.x for the newest patch (default: the newest release)')
    .option('--bin-dir <dir>', "store root, as setup-envtest's --bin-dir (default: ~/.local/share/kubebuilder-envtest)")
    .option('-i, --installed-only', 'use only what is installed; never download (ENVTEST_INSTALLED_ONLY=true)', false)
    .option('--index <url>', 'release index (default: controller-tools envtest-releases.yaml)')
    .addOption(
      new Option('-p, --print <format>', 'what to print: the folder, a shell export, or a summary')
        .choices(PRINT_FORMATS)
        .default('path'),
    )
    .option('--os <os>', 'GOOS of the binaries (default: this machine)')
    .option('--arch <arch>', 'GOARCH of the binaries (default: this machine)')
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts envtest use 1.37.x\n  export KUBEBUILDER_ASSETS="$(operator-ts envtest use 1.37.2 -p path)"\n' +
        '  eval "$(operator-ts envtest use 1.37 -p env)"\n  operator-ts envtest use 1.37.x -i --bin-dir ./bin\n',
    )
    .action(async (version: string | undefined, flags: Record<string, unknown>) => {
      const { runEnvtestUse } = await import('../envtest/command.js');
      await runEnvtestUse(ctx.io, version, flags);
    });
  return new Command('envtest')
    .description('Envtest binaries (kube-apiserver, etcd, kubectl) for tests, as setup-envtest installs them')
    .addHelpText('after', '\nExamples:\n  operator-ts envtest use 1.37.x\n')
    .addCommand(use);
}
