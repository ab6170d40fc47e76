/**
 * markStorageVersion adds `+kubebuilder:storageversion` to the JSDoc of the root kind in a types file, the
 * way kubebuilder marks a conversion hub. It is a checked structural edit: it returns undefined (and the
 * caller warns) when the file no longer has the `export interface <Kind>` with a JSDoc block above it.
 */
export function markStorageVersion(source: string, kind: string): string | undefined {
  if (source.includes('+kubebuilder:storageversion')) return source;
  const lines = source.split('\n');
  const decl = lines.findIndex((l) => new RegExp(`^export interface ${kind}\\s*\\{`).test(l));
  if (decl < 1 || lines[decl - 1]?.trim() !== '*/') return undefined;
  let start = decl - 1;
  while (start >= 0 && !(lines[start] ?? '').trim().startsWith('/**')) start--;
  if (start < 0) return undefined;
  const root = lines.slice(start, decl).findIndex((l) => l.includes('+kubebuilder:object:root=true'));
  const at = root < 0 ? decl - 1 : start + root + 1;
  lines.splice(at, 0, ' * +kubebuilder:storageversion');
  return lines.join('\n');
}
