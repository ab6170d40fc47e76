import type { Argument, Command, Option } from 'commander';

/** CompletionFlag is one flag of a command as a shell completes it. */
export interface CompletionFlag {
  /** Every spelling: `--output` and `-o`. */
  readonly names: readonly string[];
  /** Whether the next word is the flag's value (`<value>`); optional values (`[bool]`) only follow `=`. */
  readonly takesValue: boolean;
  /** The values to offer, when they are a known set (choices, plugin keys, `true`/`false`). */
  readonly values: readonly string[];
  readonly description: string;
}

/** CompletionCommand is one command of the program, by the words that reach it. */
export interface CompletionCommand {
  /** The words after the program name: `[]` for the root, `['create', 'api']`. */
  readonly path: readonly string[];
  readonly description: string;
  readonly subcommands: readonly { readonly name: string; readonly description: string }[];
  readonly flags: readonly CompletionFlag[];
  /** Values of its positional arguments, when they are a known set (the generators of `generate`). */
  readonly argValues: readonly string[];
  /** Whether its positional arguments are files or folders (so the shell offers paths). */
  readonly argFiles: boolean;
}

const hints = new WeakMap<Option | Argument, readonly string[]>();

/**
 * completeWith records the values a shell should offer for an option or argument whose values commander
 * does not hold as choices (plugin keys, the generators of `generate`), and returns it for chaining.
 */
export function completeWith<T extends Option | Argument>(target: T, values: readonly string[]): T {
  hints.set(target, values);
  return target;
}

function valuesOf(target: Option | Argument): readonly string[] {
  return hints.get(target) ?? target.argChoices ?? [];
}

function flagOf(option: Option): CompletionFlag {
  const names = [option.long, option.short].filter((n): n is string => n !== undefined);
  // `--x [bool]` is a boolean that also takes `--x=false`.
  const values = valuesOf(option);
  return {
    names,
    takesValue: option.required,
    values: values.length === 0 && option.optional ? ['true', 'false'] : values,
    description: option.description,
  };
}

// commander's own --help is not one of cmd.options: every command has it.
const HELP_FLAG: CompletionFlag = {
  names: ['--help', '-h'],
  takesValue: false,
  values: [],
  description: 'display help for command',
};

/**
 * completionSpec lists every command of the program with its subcommands, visible flags and the values
 * of both, read from commander alone (plus {@link completeWith} hints), so that a command or flag added
 * to the program is completed without an edit here.
 */
export function completionSpec(program: Command): CompletionCommand[] {
  const out: CompletionCommand[] = [];
  const walk = (cmd: Command, path: readonly string[]): void => {
    const args = cmd.registeredArguments;
    out.push({
      path,
      description: cmd.description(),
      subcommands: cmd.commands.map((c) => ({ name: c.name(), description: c.description() })),
      flags: [...cmd.options.filter((o) => !o.hidden).map(flagOf), HELP_FLAG],
      argValues: [...new Set(args.flatMap((a) => valuesOf(a)))],
      argFiles: args.some((a) => valuesOf(a).length === 0),
    });
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return out;
}
