import { isUserError } from '../errors/user-error.js';
import type { CommandName, HookContext, Plugin, Subcommand } from './types.js';

/** Hook is a phase of a subcommand. */
export type Hook = 'validate' | 'scaffold' | 'postScaffold';

const COMMAND_LABEL: Record<CommandName, string> = {
  init: 'init',
  createApi: 'create api',
  createWebhook: 'create webhook',
  edit: 'edit',
};

/** commandLabel is how a command is named in messages (`create api`). */
export function commandLabel(command: CommandName): string {
  return COMMAND_LABEL[command];
}

/**
 * runHook runs one hook of every plugin in chain order. A UserError passes through unchanged (its message
 * is for the user); anything else is wrapped so the chain reads command -> plugin -> hook -> cause.
 */
export async function runHook(
  chain: readonly Plugin[],
  command: CommandName,
  hook: Hook,
  contextFor: (plugin: Plugin) => HookContext,
): Promise<void> {
  for (const plugin of chain) {
    const sub: Subcommand | undefined = plugin[command];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with sub as this below
    const fn = sub?.[hook];
    if (sub === undefined || fn === undefined) continue;
    try {
      await fn.call(sub, contextFor(plugin));
    } catch (err) {
      if (isUserError(err)) throw err;
      throw new Error(
        `${commandLabel(command)}: plugin ${plugin.key}: ${hook}: ${(err as Error)?.message ?? String(err)}`,
        { cause: err },
      );
    }
  }
}
