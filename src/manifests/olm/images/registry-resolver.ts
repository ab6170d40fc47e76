import { createHash } from 'node:crypto';
import { UserError } from '../../../errors/user-error.js';
import type { DigestResolver } from './pin-digests.js';

/** ParsedReference is an image reference split for the registry API. */
export interface ParsedReference {
  host: string;
  repository: string;
  /** Tag or digest to resolve ('latest' when neither is given). */
  reference: string;
}

/** parseImageReference normalises a reference the way Docker does (docker.io, library/, latest). */
export function parseImageReference(ref: string): ParsedReference {
  let rest = ref;
  let reference = 'latest';
  const at = rest.indexOf('@');
  if (at >= 0) {
    reference = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  const parts = rest.split('/');
  const first = parts[0] ?? '';
  const hasHost = parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost');
  let host = hasHost ? first : 'docker.io';
  let path = hasHost ? parts.slice(1).join('/') : rest;
  const colon = path.lastIndexOf(':');
  if (colon >= 0) {
    if (at < 0) reference = path.slice(colon + 1);
    path = path.slice(0, colon);
  }
  if (host === 'docker.io' || host === 'index.docker.io') {
    host = 'registry-1.docker.io';
    if (!path.includes('/')) path = `library/${path}`;
  }
  return { host, repository: path, reference };
}

const ACCEPT = [
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
].join(', ');

/** RegistryResolverOptions configure {@link registryDigestResolver}. */
export interface RegistryResolverOptions {
  /** fetch implementation (tests pass a fake); default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Hosts spoken to over plain HTTP; localhost and 127.0.0.1 always are. */
  insecureHosts?: string[];
}

/**
 * registryDigestResolver resolves tags to manifest digests with the OCI distribution API: a HEAD on the
 * manifest (Docker-Content-Digest header), anonymous bearer tokens when the registry asks for one, and a
 * GET + sha256 of the body when the header is missing. Private registries needing credentials are not
 * supported; failures are UserErrors naming the image.
 */
export function registryDigestResolver(options: RegistryResolverOptions = {}): DigestResolver {
  const doFetch = options.fetch ?? globalThis.fetch;
  return async (ref) => {
    const p = parseImageReference(ref);
    const plain =
      p.host.startsWith('localhost') ||
      p.host.startsWith('127.0.0.1') ||
      (options.insecureHosts ?? []).includes(p.host);
    const url = `${plain ? 'http' : 'https'}://${p.host}/v2/${p.repository}/manifests/${p.reference}`;
    const fail = (why: string): never => {
      throw new UserError(`cannot resolve the digest of image ${ref}: ${why}`, {
        hint: 'check the image exists and the registry is reachable and public (registry credentials are not supported yet), or drop --use-image-digests',
      });
    };
    try {
      const headers: Record<string, string> = { Accept: ACCEPT };
      let res = await doFetch(url, { method: 'HEAD', headers });
      if (res.status === 401) {
        const token = await fetchToken(doFetch, res.headers.get('www-authenticate') ?? '', p.repository);
        if (token === undefined) fail('the registry requires authentication');
        headers.Authorization = `Bearer ${token ?? ''}`;
        res = await doFetch(url, { method: 'HEAD', headers });
      }
      if (!res.ok) fail(`registry answered ${res.status}`);
      const digest = res.headers.get('docker-content-digest');
      if (digest !== null && /^sha256:[0-9a-f]{64}$/.test(digest)) return digest;
      const body = await doFetch(url, { method: 'GET', headers });
      if (!body.ok) fail(`registry answered ${body.status}`);
      return `sha256:${createHash('sha256')
        .update(Buffer.from(await body.arrayBuffer()))
        .digest('hex')}`;
    } catch (err) {
      if (err instanceof UserError) throw err;
      return fail((err as Error).message);
    }
  };
}

async function fetchToken(doFetch: typeof fetch, challenge: string, repository: string): Promise<string | undefined> {
  if (!/^Bearer /i.test(challenge)) return undefined;
  const params = Object.fromEntries(
    [...challenge.slice(7).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  if (params.realm === undefined) return undefined;
  const url = new URL(params.realm);
  if (params.service !== undefined) url.searchParams.set('service', params.service);
  url.searchParams.set('scope', params.scope ?? `repository:${repository}:pull`);
  const res = await doFetch(url, { method: 'GET' });
  if (!res.ok) return undefined;
  const json = (await res.json()) as { token?: string; access_token?: string };
  return json.token ?? json.access_token;
}
