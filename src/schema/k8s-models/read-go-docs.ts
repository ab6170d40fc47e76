import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type GoDocIndex, indexGoDocs } from './go-docs.js';
import { parseGoFile } from './go-structs.js';
import { type GoPackageSource, GoTypeIndex } from './go-type-index.js';

/**
 * GO_DOC_PACKAGES are the Go modules, and the folders inside them, that declare the types the API server
 * publishes: every group of k8s.io/api, meta/v1 and the runtime and utility types of k8s.io/apimachinery,
 * CRDs and APIServices.
 */
const GO_DOC_PACKAGES: readonly { module: string; folders: readonly string[] }[] = [
  { module: 'k8s.io/api', folders: ['.'] },
  {
    module: 'k8s.io/apimachinery',
    folders: ['pkg/apis/meta/v1', 'pkg/runtime', 'pkg/util/intstr', 'pkg/api/resource', 'pkg/version'],
  },
  { module: 'k8s.io/apiextensions-apiserver', folders: ['pkg/apis/apiextensions/v1'] },
  { module: 'k8s.io/kube-aggregator', folders: ['pkg/apis/apiregistration/v1'] },
];

/** goModuleVersion is the version of Kubernetes' Go modules released with a kube-apiserver (`v1.37.2` -> `v0.37.2`). */
export function goModuleVersion(gitVersion: string): string {
  const m = /^v1\.(\d+)\.(\d+)$/.exec(gitVersion);
  if (m === null)
    throw new Error(`kube-apiserver ${gitVersion} is not a release; its Go modules have no version to download`);
  return `v0.${m[1]}.${m[2]}`;
}

/** GoSource is one Go file and the import path of its package. */
interface GoSource {
  pkg: string;
  text: string;
}

function* goSources(dir: string, pkg: string): Generator<GoSource> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* goSources(p, `${pkg}/${name}`);
    else if (
      name.endsWith('.go') &&
      !name.endsWith('_test.go') &&
      !name.startsWith('zz_generated') &&
      !name.endsWith('.pb.go')
    )
      yield { pkg, text: readFileSync(p, 'utf8') };
  }
}

/** KubernetesGoSources is what the model data takes from the Go sources of the API types. */
export interface KubernetesGoSources {
  docs: GoDocIndex;
  types: GoTypeIndex;
}

/**
 * readKubernetesGoSources downloads (through the Go module proxy, into the Go module cache) the Go sources
 * of the API types of a kube-apiserver version, indexes their doc comments and reads their declarations.
 * It needs `go` on the PATH.
 */
export function readKubernetesGoSources(gitVersion: string): KubernetesGoSources {
  const version = goModuleVersion(gitVersion);
  const out = execFileSync(
    'go',
    ['mod', 'download', '-json', ...GO_DOC_PACKAGES.map((p) => `${p.module}@${version}`)],
    { encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' } },
  );
  // `go mod download -json` prints one JSON object per module, one after the other.
  const dirs = new Map<string, string>();
  for (const text of out.split(/\n(?=\{)/)) {
    const m = JSON.parse(text) as { Path: string; Dir?: string; Error?: string };
    if (m.Dir === undefined) throw new Error(`go mod download ${m.Path}@${version}: ${m.Error ?? 'no directory'}`);
    dirs.set(m.Path, m.Dir);
  }
  const sources: GoSource[] = [];
  for (const p of GO_DOC_PACKAGES) {
    const root = dirs.get(p.module) as string;
    for (const f of p.folders) {
      const rel = relative(root, join(root, f));
      sources.push(...goSources(join(root, f), rel === '' ? p.module : `${p.module}/${rel}`));
    }
  }
  const packages = new Map<string, GoPackageSource>();
  for (const s of sources) {
    const pkg = packages.get(s.pkg) ?? { path: s.pkg, files: [] };
    pkg.files.push(parseGoFile(s.text));
    packages.set(s.pkg, pkg);
  }
  return { docs: indexGoDocs(sources.map((s) => s.text)), types: new GoTypeIndex(packages.values()) };
}
