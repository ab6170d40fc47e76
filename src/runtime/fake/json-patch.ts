import jsonPatch from 'fast-json-patch';
import type { JsonPatchOperation } from '../rest/rest-client.js';
import { cloneJson } from '../json/clone.js';
import { unprocessable } from './errors.js';

/**
 * applyJsonPatch applies RFC 6902 operations to a copy of `doc` the way the API server does: any failure
 * (a `test` that does not match, a path that does not exist) rejects the whole patch with 422 and a
 * message like evanphx/json-patch's; a `test` for null passes on a missing path, as on the server.
 */
export function applyJsonPatch(doc: unknown, ops: readonly JsonPatchOperation[]): unknown {
  let current = cloneJson(doc);
  for (const op of ops) {
    if (op.op === 'test') {
      const actual = valueAt(current, op.path);
      const expected = op.value ?? null;
      if (!jsonPatch._areEquals(actual ?? null, expected)) {
        throw unprocessable(
          `the server rejected our request due to an error in our request: testing value ${op.path} failed: test failed`,
        );
      }
      continue;
    }
    try {
      const result = jsonPatch.applyOperation(current, op as jsonPatch.Operation, true, true, true);
      current = result.newDocument;
    } catch (err) {
      const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
      throw unprocessable(
        `the server rejected our request due to an error in our request: ${op.op} operation on ${op.path} failed: ${message}`,
      );
    }
  }
  return current;
}

function valueAt(doc: unknown, pointer: string): unknown {
  try {
    return jsonPatch.getValueByPointer(doc, pointer) as unknown;
  } catch {
    return undefined;
  }
}
