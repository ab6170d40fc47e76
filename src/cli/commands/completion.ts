import { Argument, Command } from 'commander';
import { cliVersion } from '../../machinery/template-root.js';
import type { RunContext } from '../run-context.js';

/** SHELLS are the shells `operator-ts completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/**
 * completionCommand builds `operator-ts completion <shell>`: a completion script read from the program
 * it belongs to (its root), so every command and flag is completed without a list kept by hand.
 */
export function completionCommand(ctx: RunContext): Command {
  const cmd = new Command('completion')
    .description('Print a shell completion script (bash, zsh or fish) for commands, flags and their values')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(SHELLS))
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  source <(operator-ts completion bash)                        # bash, this shell\n' +
        '  operator-ts completion bash > ~/.local/share/bash-completion/completions/operator-ts\n' +
        '  operator-ts completion zsh > "${fpath[1]}/_operator-ts"       # zsh (needs compinit)\n' +
        '  operator-ts completion fish > ~/.config/fish/completions/operator-ts.fish\n\n' +
        'The flags of init, create and edit are those of the plugin chain of the folder the script is written in.\n',
    )
    .action(async (shell: (typeof SHELLS)[number]) => {
      const root = rootOf(cmd);
      const { completionScript } = await import('../completion/script.js');
      ctx.io.out(completionScript(root, shell, cliVersion()));
    });
  return cmd;
}

function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent !== null) c = c.parent;
  return c;
}
