import { ApiCallError, type ApiConnection } from './api-connection.js';

const MAX_CONFLICT_RETRIES = 5;

/**
 * createOrReplace creates a cluster-scoped object at collectionPath, or replaces the existing one of the same
 * name (PUT with its resourceVersion), retrying on update conflicts. Returns the object as stored.
 */
export async function createOrReplace<
  T extends { metadata?: { name?: string; resourceVersion?: string; [key: string]: unknown } },
>(conn: ApiConnection, collectionPath: string, object: T): Promise<T> {
  const name = object.metadata?.name;
  if (name === undefined || name === '') throw new Error(`object for ${collectionPath} has no metadata.name`);
  for (let attempt = 0; ; attempt++) {
    const existing = await conn.call('GET', `${collectionPath}/${name}`);
    if (existing.status === 404) {
      const created = await conn.call('POST', collectionPath, object);
      if (created.status === 409 && attempt < MAX_CONFLICT_RETRIES) continue;
      if (created.status >= 300) throw new ApiCallError('POST', collectionPath, created);
      return JSON.parse(created.body) as T;
    }
    if (existing.status !== 200) throw new ApiCallError('GET', `${collectionPath}/${name}`, existing);
    const current = JSON.parse(existing.body) as T;
    const update = { ...object, metadata: { ...object.metadata, resourceVersion: current.metadata?.resourceVersion } };
    const replaced = await conn.call('PUT', `${collectionPath}/${name}`, update);
    if (replaced.status === 409 && attempt < MAX_CONFLICT_RETRIES) continue;
    if (replaced.status >= 300) throw new ApiCallError('PUT', `${collectionPath}/${name}`, replaced);
    return JSON.parse(replaced.body) as T;
  }
}
