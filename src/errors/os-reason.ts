/** osReason renders an errno error as "EACCES: permission denied" without the repeated path. */
export function osReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (typeof e?.code !== 'string') return String((err as Error)?.message ?? err);
  const text = /^[A-Z]+: ([^,]+)/.exec(e.message)?.[1];
  return text === undefined ? e.code : `${e.code}: ${text}`;
}
