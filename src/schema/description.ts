/**
 * descriptionFromDoc turns doc comment lines (markers already removed) into a schema description the way
 * controller-gen does: trailing spaces trimmed, runs of blank lines collapsed, `TODO` lines dropped and
 * everything from a `---` line on cut (outside fenced code), surrounding blank lines removed.
 */
export function descriptionFromDoc(lines: readonly string[]): string {
  const out: string[] = [];
  let fenced = false;
  for (const raw of lines) {
    const line = raw.trimEnd();
    const t = line.trim();
    if (t.startsWith('```')) fenced = !fenced;
    if (!fenced) {
      if (t.startsWith('---')) break;
      if (t.startsWith('TODO')) continue;
    }
    if (t === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(t === '' ? '' : line.trimStart());
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** truncateDescription shortens a description to maxLen characters at a word boundary, adding `...`. */
export function truncateDescription(desc: string, maxLen: number): string {
  if (desc.length <= maxLen) return desc;
  const cut = desc.slice(0, maxLen);
  const n = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'), cut.lastIndexOf('\t'));
  return `${n > 0 ? cut.slice(0, n) : cut}...`;
}

const SKIP_KEYS = new Set(['default', 'example', 'enum', 'x-kubernetes-validations']);

/**
 * limitedDescriptions applies `--max-desc-len` to every description in a schema tree (0 drops them),
 * returning a new tree: subtrees are shared between the uses of a client-node model, so none is changed.
 */
export function limitedDescriptions<T>(node: T, maxLen: number): T {
  if (Array.isArray(node)) return node.map((n: unknown) => limitedDescriptions(n, maxLen)) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === 'description' && typeof v === 'string') {
      if (maxLen !== 0) out[k] = truncateDescription(v, maxLen);
    } else out[k] = SKIP_KEYS.has(k) ? v : limitedDescriptions(v, maxLen);
  }
  return out as T;
}
