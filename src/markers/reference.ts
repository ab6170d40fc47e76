import { MARKERS } from './registry.js';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function argsOf(name: string): string {
  const def = MARKERS.find((m) => m.name === name);
  if (def === undefined) return '';
  if (def.args !== undefined) return def.args.map((a) => `${a.name}${a.optional === true ? '?' : ''}: ${a.type}${a.oneOf !== undefined ? ` (${a.oneOf.join('/')})` : ''}`).join(', ');
  if (def.value !== undefined) return `${def.value}${def.valueOneOf !== undefined ? ` (${def.valueOneOf.join('/')})` : ''}`;
  return '(flag)';
}

/** renderMarkerReference renders the Markdown reference table of every registered marker, sorted by name. */
export function renderMarkerReference(): string {
  const lines = [
    '# operator-ts marker reference',
    '',
    'Generated from the marker registry (`src/markers/registry.ts`). Markers use kubebuilder syntax.',
    '',
    '| Marker | Targets | Arguments | Description | Example |',
    '|---|---|---|---|---|',
  ];
  for (const m of [...MARKERS].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    lines.push(`| \`+${m.name}\` | ${m.targets.join(', ')} | ${cell(argsOf(m.name))} | ${cell(m.help)} | \`${cell(m.example)}\` |`);
  }
  return `${lines.join('\n')}\n`;
}
