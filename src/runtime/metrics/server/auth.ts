import type { RestClient } from '../../rest/rest-client.js';

/** AuthDecision is the outcome of checking one scrape request. */
export type AuthDecision = { allowed: true; user: string } | { allowed: false; code: 401 | 403; message: string };

interface TokenReviewStatus {
  authenticated?: boolean;
  user?: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  error?: string;
}

/**
 * authorizeScrape implements kubebuilder's `WithAuthenticationAndAuthorization` filter: the bearer token
 * is authenticated with a TokenReview, then the user must be allowed `get` on the non-resource URL (such
 * as `/metrics`) by a SubjectAccessReview. Missing or rejected tokens are 401, denied users 403; failures
 * to reach the API server throw (the caller answers 500).
 */
export async function authorizeScrape(
  rest: RestClient,
  authorization: string | undefined,
  path: string,
  verb = 'get',
): Promise<AuthDecision> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match === null) return { allowed: false, code: 401, message: 'Unauthorized' };
  const review = await rest.post<{ status?: TokenReviewStatus }>('/apis/authentication.k8s.io/v1/tokenreviews', {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenReview',
    spec: { token: match[1] },
  });
  const user = review?.status?.user;
  if (review?.status?.authenticated !== true || user?.username === undefined)
    return { allowed: false, code: 401, message: 'Unauthorized' };
  const access = await rest.post<{ status?: { allowed?: boolean; reason?: string } }>(
    '/apis/authorization.k8s.io/v1/subjectaccessreviews',
    {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      spec: {
        user: user.username,
        uid: user.uid,
        groups: user.groups,
        extra: user.extra,
        nonResourceAttributes: { path, verb },
      },
    },
  );
  if (access?.status?.allowed !== true) {
    return {
      allowed: false,
      code: 403,
      message: `Forbidden (user=${user.username}, verb=${verb}, resource=, subresource=)`,
    };
  }
  return { allowed: true, user: user.username };
}
