/**
 * PRETTIER_OPTIONS is the generated project's Prettier configuration (`.prettierrc.json`). The width is
 * Prettier's 80 widened to 120, the width the scaffolded sources are written for, so that a fresh project
 * is format-clean without reflowing its templates; single quotes are what the scaffold writes.
 */
export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true } as const;

/** fitsOnOneLine tells whether Prettier keeps a line of scaffolded code as it is (rather than breaking it). */
export function fitsOnOneLine(line: string): boolean {
  return line.length <= PRETTIER_OPTIONS.printWidth;
}

/**
 * prettierJson serialises a JSON value the way Prettier formats a `.json` file (its `json` parser), so
 * that scaffolded configuration files pass `prettier --check`: objects one key per line (a written object
 * stays expanded), arrays of scalars on one line when that line fits the print width. package.json is not
 * one of them: Prettier formats it as JSON.stringify does.
 */
export function prettierJson(value: unknown): string {
  return `${print(value, '', 0)}\n`;
}

function print(value: unknown, indent: string, prefix: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const scalars = value.every((v) => v === null || typeof v !== 'object');
    const inline = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    // prefix is the width of what precedes the array on its line; the 1 is the comma after it.
    if (scalars && indent.length + prefix + inline.length + 1 <= PRETTIER_OPTIONS.printWidth) return inline;
    const inner = `${indent}  `;
    return `[\n${value.map((v) => inner + print(v, inner, 0)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const lines = entries.map(([k, v]) => {
      const key = `${JSON.stringify(k)}: `;
      return inner + key + print(v, inner, key.length);
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
