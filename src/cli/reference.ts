import type { Command, Option } from 'commander';

/** CLI_REFERENCE_START and CLI_REFERENCE_END delimit the generated CLI reference in README.md. */
export const CLI_REFERENCE_START = '<!-- cli-reference:start -->';
/** CLI_REFERENCE_END closes the section opened by {@link CLI_REFERENCE_START}. */
export const CLI_REFERENCE_END = '<!-- cli-reference:end -->';

function cell(text: string): string {
  // `<group>` would be read as an HTML tag by Markdown renderers and vanish.
  return text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');
}

function defaultOf(option: Option): string {
  const value: unknown = option.defaultValue;
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.length === 0 ? '' : `\`${value.join(',')}\``;
  return `\`${String(value)}\``;
}

function flagsOf(option: Option): string {
  const choices = option.argChoices === undefined ? '' : ` (${option.argChoices.join(', ')})`;
  return `\`${option.flags}\`${choices}`;
}

function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c !== null; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function renderCommand(cmd: Command, out: string[]): void {
  const args = cmd.registeredArguments.map((a) =>
    a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`,
  );
  const visible = cmd.options.filter((o) => !o.hidden);
  const usage = [
    commandPath(cmd),
    ...(cmd.commands.length > 0 ? [args.length > 0 ? '[command]' : '<command>'] : []),
    ...args,
    ...(visible.length > 0 ? ['[flags]'] : []),
  ].join(' ');
  out.push(`### \`${commandPath(cmd)}\``, '', cell(cmd.description()), '', '```text', usage, '```', '');
  if (cmd.commands.length > 0) {
    out.push(`Subcommands: ${cmd.commands.map((c) => `\`${c.name()}\``).join(', ')}.`, '');
  }
  for (const a of cmd.registeredArguments) {
    const choices = a.argChoices?.map((c) => `\`${c}\``).join(', ');
    if (choices !== undefined) out.push(`\`${a.name()}\`: one of ${choices}.`, '');
  }
  if (visible.length > 0) {
    out.push('| Flag | Description | Default |', '|---|---|---|');
    for (const o of visible) out.push(`| ${flagsOf(o)} | ${cell(o.description)} | ${defaultOf(o)} |`);
    out.push('');
  }
  for (const sub of cmd.commands) renderCommand(sub, out);
}

/**
 * renderCliReference renders every command of the program with its arguments and flags as Markdown,
 * between the README markers. Booleans also accept `--flag=false` and `--no-flag`; hidden options are left
 * out. It reads only what commander holds, so it never drifts from `--help`.
 */
export function renderCliReference(program: Command): string {
  const out: string[] = [
    CLI_REFERENCE_START,
    '## CLI reference',
    '',
    '<!-- Generated from the commander program by src/cli/reference.ts; do not edit by hand. -->',
    '',
    `${program.description()}. Every command prints examples with \`--help\`. Boolean flags take \`--flag\`,`,
    '`--flag=false` or `--no-flag`. The flags of `init`, `create api`, `create webhook` and `edit` come from the',
    'plugin chain of the project (the default chain is listed here).',
    '',
  ];
  for (const sub of program.commands) renderCommand(sub, out);
  out.push(CLI_REFERENCE_END);
  return `${out.join('\n')}\n`;
}

/**
 * replaceSection swaps the text between `start` and `end` (markers included) in doc for section, or
 * appends section at the end when the markers are missing.
 */
export function replaceSection(doc: string, start: string, end: string, section: string): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) return `${doc.replace(/\n*$/, '\n')}\n${section}`;
  return doc.slice(0, from) + section.replace(/\n$/, '') + doc.slice(to + end.length);
}

/** extractSection returns the text from `start` to `end` (markers included), or undefined. */
export function extractSection(doc: string, start: string, end: string): string | undefined {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  return from < 0 || to < from ? undefined : `${doc.slice(from, to + end.length)}\n`;
}
