import { request } from 'node:https';
import type { OpenApiSchema } from './reshape.js';

/** ApiServerAccess is how to reach an API server with a client certificate (a RestConfig of operator-ts/testing). */
export interface ApiServerAccess {
  host: string;
  caData: string;
  certData: string;
  keyData: string;
}

/** OpenApiV3 is what an API server publishes at /openapi/v3, merged over its documents. */
export interface OpenApiV3 {
  /** `gitVersion` of /version, e.g. v1.37.2. */
  gitVersion: string;
  /** The document paths read (`api/v1`, `apis/apps/v1`, ...). */
  paths: string[];
  definitions: Record<string, OpenApiSchema>;
}

function getJson(access: ApiServerAccess, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, access.host),
      { ca: access.caData, cert: access.certData, key: access.keyData, headers: { accept: 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${res.statusCode}: ${body.slice(0, 300)}`));
          else resolve(JSON.parse(body));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * isApiTypesPath tells the documents that hold API types: each group version, the discovery documents
 * (`api`, `apis`, `apis/<group>`: APIGroup, APIVersions, ...) and `version`, but not the OIDC ones.
 */
function isApiTypesPath(path: string): boolean {
  return path === 'api' || path === 'apis' || path === 'version' || path.startsWith('api/') || path.startsWith('apis/');
}

/** withoutKinds drops the group-version-kind list, which each document fills with the kinds it serves. */
function withoutKinds(schema: OpenApiSchema): OpenApiSchema {
  const { 'x-kubernetes-group-version-kind': _kinds, ...rest } = schema;
  return rest;
}

/**
 * fetchOpenApiV3 downloads the OpenAPI v3 documents of every API group and version an API server serves
 * and merges their definitions; a definition that two documents spell differently (beyond the kinds they
 * serve with it) is an error.
 */
export async function fetchOpenApiV3(access: ApiServerAccess): Promise<OpenApiV3> {
  const version = (await getJson(access, '/version')) as { gitVersion: string };
  const index = (await getJson(access, '/openapi/v3')) as { paths: Record<string, { serverRelativeURL: string }> };
  const paths = Object.keys(index.paths).filter(isApiTypesPath).sort();
  const definitions: Record<string, OpenApiSchema> = {};
  const seenIn = new Map<string, string>();
  for (const path of paths) {
    const doc = (await getJson(access, (index.paths[path] as { serverRelativeURL: string }).serverRelativeURL)) as {
      components?: { schemas?: Record<string, OpenApiSchema> };
    };
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      const prev = definitions[name];
      if (prev !== undefined && JSON.stringify(withoutKinds(prev)) !== JSON.stringify(withoutKinds(schema)))
        throw new Error(`definition ${name} differs between /openapi/v3/${seenIn.get(name)} and /openapi/v3/${path}`);
      definitions[name] = schema;
      seenIn.set(name, path);
    }
  }
  return { gitVersion: version.gitVersion, paths, definitions };
}
