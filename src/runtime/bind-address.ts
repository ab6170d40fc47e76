/** BindAddress is a parsed `host:port`; host undefined means every interface. */
export interface BindAddress {
  host: string | undefined;
  port: number;
}

/**
 * parseBindAddress reads a controller-runtime style bind address: `:8081` (every interface),
 * `127.0.0.1:8080`, `[::1]:8443`, `:0` (a free port). `0` and the empty string disable the server
 * (returns undefined). Anything else throws with the expected forms.
 */
export function parseBindAddress(value: string | undefined, what: string): BindAddress | undefined {
  if (value === undefined || value === '' || value === '0') return undefined;
  const match = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(value);
  const port = Number(match?.[3]);
  if (match === null || port > 65535) {
    throw new Error(
      `${what} bind address "${value}" is invalid: use ":8080", "127.0.0.1:8080", "[::1]:8080", or "0" to disable`,
    );
  }
  const host = match[1] ?? match[2];
  return { host: host === '' ? undefined : host, port };
}
