/**
 * formatMicroTime renders a date as a Kubernetes MicroTime (RFC 3339 with six fractional digits, UTC),
 * the format `events.k8s.io/v1` requires for `eventTime` and `series.lastObservedTime`. JavaScript dates
 * carry milliseconds, so the last three digits are zero.
 */
export function formatMicroTime(date: Date): string {
  const iso = date.toISOString(); // 2026-01-02T03:04:05.678Z
  return `${iso.slice(0, 23)}000Z`;
}
