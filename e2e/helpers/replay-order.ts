import { expect } from 'vitest';

// `alpha generate` and `alpha update` scaffold each API with its webhook, then the optional plugins: a project
// made in another order registers the same things in another order in these files, and when a kind has
// webhooks in two versions, the one scaffolded second gets the version alias (setupCronJobV2WebhookWithManager).
const ORDER_DEPENDENT: ReadonlySet<string> = new Set(['src/main.ts', 'config/default/kustomization.yaml']);

function sortedLines(text: string | undefined): string[] {
  return (text ?? '')
    .replace(/setup(\w+?)V\d+WebhookWithManager/g, 'setup$1WebhookWithManager')
    .replace(/ as (setup\w+WebhookWithManager) \}/g, ' }')
    .split('\n')
    .sort();
}

/**
 * expectSameProject compares two project trees file by file; the files whose line order follows the order the
 * commands ran in are compared as sorted lines.
 */
export function expectSameProject(got: ReadonlyMap<string, string>, want: ReadonlyMap<string, string>): void {
  expect([...got.keys()]).toEqual([...want.keys()]);
  for (const [path, text] of want) {
    if (ORDER_DEPENDENT.has(path)) expect(sortedLines(got.get(path)), path).toEqual(sortedLines(text));
    else expect(got.get(path), path).toBe(text);
  }
}
