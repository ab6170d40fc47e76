import { UserError } from '../errors/user-error.js';
import { regularPlural } from './plural.js';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const VERSION = /^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;

/** validateKind checks a kind is PascalCase ASCII, at most 63 characters (its lower-case plural is a DNS label). */
export function validateKind(kind: string): void {
  if (!KIND.test(kind) || kind.length > 63)
    throw new UserError(`invalid kind "${kind}": a kind is PascalCase letters and digits starting with an upper-case letter`, {
      hint: `use a name such as --kind ${suggestKind(kind)}`,
    });
}

function suggestKind(kind: string): string {
  const p = kind
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')
    .replace(/^[0-9]+/, '');
  return p.length > 0 ? p : 'Memcached';
}

/** validateGroup checks a group (without domain) is a lower-case DNS-1123 subdomain; empty means the core group. */
export function validateGroup(group: string): void {
  if (group === '') return;
  if (!DNS1123_SUBDOMAIN.test(group) || group.length > 253)
    throw new UserError(`invalid group "${group}": a group is lower-case letters, digits, '-' and '.' (a DNS-1123 subdomain)`, {
      hint: `use a name such as --group ${group.toLowerCase().replace(/[^a-z0-9.-]+/g, '') || 'cache'}`,
    });
}

/** validateDomain checks the project domain is a DNS-1123 subdomain. */
export function validateDomain(domain: string): void {
  if (!DNS1123_SUBDOMAIN.test(domain) || domain.length > 253)
    throw new UserError(`invalid domain "${domain}": a domain is a lower-case DNS-1123 subdomain such as example.com`, {
      hint: 'pass --domain example.com',
    });
}

/** validateVersion checks a Kubernetes API version: v1, v1alpha1, v2beta3. */
export function validateVersion(version: string): void {
  if (!VERSION.test(version))
    throw new UserError(`invalid version "${version}": an API version looks like v1, v1alpha1 or v2beta3`, {
      hint: 'pass --version v1alpha1 (v<major>, optionally followed by alpha<n> or beta<n>)',
    });
}

/** validateProjectName checks the project name is a DNS-1123 label (it prefixes every deployed object). */
export function validateProjectName(name: string): void {
  if (!DNS1123_LABEL.test(name) || name.length > 63)
    throw new UserError(`invalid project name "${name}": it must be a DNS-1123 label (lower-case letters, digits and '-', at most 63 characters)`, {
      hint: `pass --project-name ${toProjectName(name) || 'my-operator'}`,
    });
}

/** validatePlural checks a plural resource name is a lower-case DNS-1123 label. */
export function validatePlural(plural: string): void {
  if (!DNS1123_LABEL.test(plural))
    throw new UserError(`invalid plural "${plural}": a resource plural is lower-case letters and digits (a DNS-1123 label)`, {
      hint: `pass --plural ${plural.toLowerCase().replace(/[^a-z0-9-]+/g, '')}`,
    });
}

/** toProjectName derives a DNS-1123 label from a directory name (`My_Operator` -> `my-operator`). */
export function toProjectName(dirName: string): string {
  return dirName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** pluralOf is the resource plural of a kind, as kubebuilder derives it (see {@link regularPlural}). */
export function pluralOf(kind: string): string {
  return regularPlural(kind);
}
