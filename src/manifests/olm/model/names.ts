/** isDns1123Subdomain tells whether name is a DNS-1123 subdomain (lowercase, dots allowed, <= 253 chars). */
export function isDns1123Subdomain(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 253 &&
    /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(name)
  );
}

/** isDns1123Label tells whether name is a DNS-1123 label (lowercase alphanumerics and '-', <= 63 chars). */
export function isDns1123Label(name: string): boolean {
  return name.length > 0 && name.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name);
}

/** isLabelValue tells whether value is a valid Kubernetes label value (may be empty). */
export function isLabelValue(value: string): boolean {
  return value.length <= 63 && /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/.test(value);
}

/** isQualifiedName tells whether key is a valid label/annotation key: optional DNS prefix, '/', name <= 63. */
export function isQualifiedName(key: string): boolean {
  const parts = key.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1] ?? '';
  if (parts.length === 2 && !isDns1123Subdomain(parts[0] ?? '')) return false;
  return name.length > 0 && name.length <= 63 && /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/.test(name);
}

/**
 * isImageReference tells whether ref is a valid, normalisable container image reference:
 * `[registry[:port]/]path[:tag][@algo:hex]`, lowercase repository path.
 */
export function isImageReference(ref: string): boolean {
  const m =
    /^(?<name>[^@]+?)(?::(?<tag>[\w][\w.-]{0,127}))?(?:@(?<digest>[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}))?$/.exec(
      ref,
    );
  if (m?.groups === undefined) return false;
  const name = m.groups.name ?? '';
  const components = name.split('/');
  const first = components[0] ?? '';
  const hasRegistry = components.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost');
  const pathParts = hasRegistry ? components.slice(1) : components;
  if (hasRegistry && !/^[A-Za-z0-9.-]+(:\d+)?$/.test(first)) return false;
  return pathParts.length > 0 && pathParts.every((p) => /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/.test(p));
}
