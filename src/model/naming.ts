import { UserError } from '../errors/user-error.js';
import { regularPlural } from './plural.js';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const VERSION = /^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;
const REPO = /^[A-Za-z0-9][-A-Za-z0-9._~]*(\/[-A-Za-z0-9._~]+)*$/;

/** NameProblem says why a name is invalid and offers a valid name close to it. */
export interface NameProblem {
  readonly reason: string;
  readonly suggestion: string;
}

/** toLabel turns text into a DNS-1123 label: lower case, runs of other characters become one `-`. */
function toLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

function toSubdomain(text: string): string {
  return text
    .split('.')
    .map(toLabel)
    .filter((l) => l !== '')
    .join('.')
    .slice(0, 253)
    .replace(/[-.]+$/, '');
}

/** checkKind: a kind is PascalCase ASCII (a TypeScript type name) of at most 63 characters, so that its lower-case plural is a DNS label. */
export function checkKind(kind: string): NameProblem | undefined {
  if (KIND.test(kind) && kind.length <= 63) return undefined;
  const words = kind
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')
    .replace(/^[0-9]+/, '');
  const suggestion = words === '' ? 'Memcached' : (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, 63);
  return {
    reason: 'a kind is PascalCase letters and digits starting with an upper-case letter, at most 63 characters',
    suggestion,
  };
}

/** checkGroup: a group (without the domain) is a lower-case DNS-1123 subdomain; empty means the core group. */
export function checkGroup(group: string): NameProblem | undefined {
  if (group === '' || (DNS1123_SUBDOMAIN.test(group) && group.length <= 253)) return undefined;
  return {
    reason:
      "a group is lower-case letters, digits, '-' and '.', starting and ending with a letter or digit (a DNS-1123 subdomain)",
    suggestion: toSubdomain(group) || 'cache',
  };
}

/** checkDomain: the project domain is a lower-case DNS-1123 subdomain. */
export function checkDomain(domain: string): NameProblem | undefined {
  if (DNS1123_SUBDOMAIN.test(domain) && domain.length <= 253) return undefined;
  return {
    reason: 'a domain is a lower-case DNS-1123 subdomain such as example.com',
    suggestion: toSubdomain(domain) || 'example.com',
  };
}

/** checkQualifiedGroup: `<group>.<domain>` must itself be a DNS-1123 subdomain (kubebuilder checks the same), so at most 253 characters. */
export function checkQualifiedGroup(qualified: string): NameProblem | undefined {
  if (DNS1123_SUBDOMAIN.test(qualified) && qualified.length <= 253) return undefined;
  return {
    reason: 'the API group <group>.<domain> must be a DNS-1123 subdomain of at most 253 characters',
    suggestion: toSubdomain(qualified).slice(0, 253) || 'cache',
  };
}

/** checkVersion: a Kubernetes API version is v1, v1alpha1 or v2beta3 (what the API server orders versions by). */
export function checkVersion(version: string): NameProblem | undefined {
  if (VERSION.test(version)) return undefined;
  const lower = version.toLowerCase();
  const candidates = [lower, `v${lower}`, `${lower}1`, `v${lower}1`, lower.replace(/^v0/, 'v1')];
  return {
    reason: 'an API version looks like v1, v1alpha1 or v2beta3 (v<major>, optionally followed by alpha<n> or beta<n>)',
    suggestion: candidates.find((c) => VERSION.test(c)) ?? 'v1alpha1',
  };
}

/** checkProjectName: the project name is a DNS-1123 label (it prefixes every deployed object). */
export function checkProjectName(name: string): NameProblem | undefined {
  if (DNS1123_LABEL.test(name) && name.length <= 63) return undefined;
  return {
    reason: "it must be a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters)",
    suggestion: toProjectName(name) || 'my-operator',
  };
}

/** checkPlural: a resource plural is a DNS-1035 label (kubebuilder checks the same): lower case, starting with a letter. */
export function checkPlural(plural: string): NameProblem | undefined {
  if (DNS1035_LABEL.test(plural) && plural.length <= 63) return undefined;
  return {
    reason: "a resource plural is lower-case letters, digits and '-', starting with a letter (a DNS-1035 label)",
    suggestion: toLabel(plural).replace(/^[-0-9]+/, '') || 'things',
  };
}

/** checkRepo: the repository (module path) recorded by `init --repo` is a path such as github.com/org/project. */
export function checkRepo(repo: string): NameProblem | undefined {
  if (REPO.test(repo)) return undefined;
  const cleaned = repo
    .replace(/\s+/g, '-')
    .replace(/[^-A-Za-z0-9._~/]+/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^[^A-Za-z0-9]+|\/+$/g, '');
  return {
    reason: 'a repository is a module path such as github.com/org/project (no spaces, no leading or trailing /)',
    suggestion: cleaned || 'github.com/org/project',
  };
}

function flagError(
  what: string,
  value: string,
  problem: NameProblem | undefined,
  hint: (suggestion: string) => string,
): void {
  if (problem !== undefined)
    throw new UserError(`invalid ${what} "${value}": ${problem.reason}`, { hint: hint(problem.suggestion) });
}

/** validateKind checks a `--kind` value (see {@link checkKind}). */
export function validateKind(kind: string): void {
  flagError('kind', kind, checkKind(kind), (s) => `use a name such as --kind ${s}`);
}

/** validateGroup checks a `--group` value (see {@link checkGroup}). */
export function validateGroup(group: string): void {
  flagError('group', group, checkGroup(group), (s) => `use a name such as --group ${s}`);
}

/** validateDomain checks a `--domain` value (see {@link checkDomain}). */
export function validateDomain(domain: string): void {
  flagError('domain', domain, checkDomain(domain), (s) => `pass --domain ${s}`);
}

/** validateVersion checks a `--version` value (see {@link checkVersion}). */
export function validateVersion(version: string): void {
  flagError('version', version, checkVersion(version), (s) => `pass --version ${s}`);
}

/** validateProjectName checks a `--project-name` value (see {@link checkProjectName}). */
export function validateProjectName(name: string): void {
  flagError('project name', name, checkProjectName(name), (s) => `pass --project-name ${s}`);
}

/** validatePlural checks a `--plural` value, or a plural derived from the kind (see {@link checkPlural}). */
export function validatePlural(plural: string): void {
  flagError('plural', plural, checkPlural(plural), (s) => `pass --plural ${s}`);
}

/** validateRepo checks a `--repo` value (see {@link checkRepo}). */
export function validateRepo(repo: string): void {
  flagError('repo', repo, checkRepo(repo), (s) => `pass --repo ${s}`);
}

/** toProjectName derives a DNS-1123 label from a directory name (`My_Operator` -> `my-operator`). */
export function toProjectName(dirName: string): string {
  return toLabel(dirName);
}

/** pluralOf is the resource plural of a kind, as kubebuilder derives it (see {@link regularPlural}). */
export function pluralOf(kind: string): string {
  return regularPlural(kind);
}
