import type { ObjectKey, ResourceDescriptor } from '../resource.js';
import { ApiError } from '../rest/api-error.js';

/** qualifiedResource renders `plural.group` (`pods` for the core group) as API server messages do. */
function qualifiedResource(resource: ResourceDescriptor): string {
  return resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
}

function status(code: number, reason: string, message: string, resource?: ResourceDescriptor, name?: string): ApiError {
  const body = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(resource !== undefined ? { details: { name, group: resource.group, kind: resource.plural } } : {}),
    code,
  };
  return new ApiError(code, reason, message, body);
}

/** notFound is the API server's 404 for a missing object. */
export function notFound(resource: ResourceDescriptor, key: ObjectKey): ApiError {
  return status(404, 'NotFound', `${qualifiedResource(resource)} "${key.name}" not found`, resource, key.name);
}

/** subresourceNotFound is the API server's 404 for a subresource the kind does not serve. */
export function subresourceNotFound(): ApiError {
  return status(404, 'NotFound', 'the server could not find the requested resource');
}

/** alreadyExists is the API server's 409 for a create of an existing object. */
export function alreadyExists(resource: ResourceDescriptor, name: string): ApiError {
  return status(409, 'AlreadyExists', `${qualifiedResource(resource)} "${name}" already exists`, resource, name);
}

/** conflict is the API server's 409 for a write with a stale resourceVersion or failed precondition. */
export function conflict(
  resource: ResourceDescriptor,
  name: string,
  why = 'the object has been modified; please apply your changes to the latest version and try again',
): ApiError {
  return status(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualifiedResource(resource)} "${name}": ${why}`,
    resource,
    name,
  );
}

/** invalid is the API server's 422 (reason Invalid), also what it returns for a JSON patch that fails to apply. */
export function invalid(resource: ResourceDescriptor, name: string, detail: string): ApiError {
  return status(422, 'Invalid', `${resource.kind} "${name}" is invalid: ${detail}`, resource, name);
}

/** unprocessable is the 422 the API server returns when a JSON patch cannot be applied (failed test, bad path). */
export function unprocessable(message: string): ApiError {
  return status(422, 'Invalid', message);
}

/** badRequest is the API server's 400. */
export function badRequest(message: string): ApiError {
  return status(400, 'BadRequest', message);
}
