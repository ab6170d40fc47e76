// `operator-ts generate` through the BUILT bin (run `npm run build` first) on inputs a new user writes:
// syntax errors stop everything (exit 1, file:line:col with the compiler's message, no file touched), and
// inputs controller-gen accepts produce the manifests it would write.
import { symlink, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliOk } from './helpers/cli.js';
import { repoRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from './helpers/workdir.js';

const GROUP =
  '// +groupName=shop.example.com\nexport const groupVersion = { group: "shop.example.com", version: "v1" };\n';

const BASKET = `import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** BasketSpec is the desired state. */
export interface BasketSpec {
  /** a is kept. */
  a?: string;
  /** c is kept. */
  c?: string;
  /** d is kept. */
  d?: int32;
}

// +kubebuilder:object:root=true

/** Basket is the Schema for the baskets API. */
export interface Basket {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: BasketSpec;
}
`;

const CRD = 'config/crd/bases/shop.example.com_baskets.yaml';

let work = '';
let count = 0;

async function write(dir: string, rel: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, rel)), { recursive: true });
  await writeFile(join(dir, rel), text);
}

/** project makes a directory with one API folder and a generated, committed CRD. */
async function project(): Promise<string> {
  const dir = join(work, String(count++));
  await mkdir(dir, { recursive: true });
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  await write(dir, 'src/api/v1/groupversion.ts', GROUP);
  await write(dir, 'src/api/v1/basket.types.ts', BASKET);
  await runCliOk(['generate', 'crd'], dir);
  return dir;
}

beforeAll(async () => {
  work = await makeWorkdir('generate-input');
});

afterAll(async () => {
  await removeWorkdir(work);
});

describe('generate stops on a syntax error and writes nothing', () => {
  it.each([
    [
      'a brace that closes the spec early',
      BASKET.replace('  a?: string;\n', '  a?: string; } c2?: string; d2?: int32 }\n'),
      /^src\/api\/v1\/basket\.types\.ts:7:\d+: error: .+ \(TS\d+\)$/m,
    ],
    [
      'an unclosed comment hiding the kind',
      BASKET.replace('// +kubebuilder:object:root=true', '/* +kubebuilder:object:root=true').replace(
        '/** Basket is the Schema for the baskets API. */',
        '// Basket is the Schema for the baskets API.',
      ),
      /^src\/api\/v1\/basket\.types\.ts:\d+:1: error: '\*\/' expected\. \(TS1010\)$/m,
    ],
    [
      'a syntax error in a controller',
      undefined,
      /^src\/controllers\/basket\.controller\.ts:3:\d+: error: Expression expected\. \(TS1109\)$/m,
    ],
  ])('%s', async (_name, types, message) => {
    const dir = await project();
    if (types !== undefined) await write(dir, 'src/api/v1/basket.types.ts', types);
    else
      await write(
        dir,
        'src/controllers/basket.controller.ts',
        '// +kubebuilder:rbac:groups=shop.example.com,resources=baskets,verbs=get\nexport function key(name: string): string {\n  return `baskets/${name}` +;\n}\n',
      );
    const before = await snapshotTree(dir);
    const crd = await readFile(join(dir, CRD), 'utf8');
    expect(crd).toContain('d:\n');
    const r = await runCli(['generate'], dir);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('no file was written');
    expect(await snapshotTree(dir)).toEqual(before);
  });
});

describe('generate accepts what controller-gen accepts', () => {
  it('writes a CRD for a kind without +kubebuilder:object:root', async () => {
    const dir = await project();
    await write(
      dir,
      'src/api/v1/crate.types.ts',
      BASKET.replaceAll('Basket', 'Crate').replace('// +kubebuilder:object:root=true\n', ''),
    );
    const r = await runCliOk(['generate', 'crd'], dir);
    expect(r.stdout).toBe('wrote config/crd/bases/shop.example.com_crates.yaml');
    expect(await readFile(join(dir, 'config/crd/bases/shop.example.com_crates.yaml'), 'utf8')).toContain(
      'kind: Crate\n',
    );
  });

  it('keeps RBAC markers written below a helper that builds a string with a template literal', async () => {
    const dir = await project();
    await write(
      dir,
      'src/controllers/basket.controller.ts',
      [
        'export function keyOf(ns: string, name: string): string {',
        '  return `${ns}/${name}`;',
        '}',
        '',
        '// +kubebuilder:rbac:groups=shop.example.com,resources=baskets,verbs=get;list;watch',
        '// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create',
        "const TICK = '`';",
        'export const FAKE = "// +kubebuilder:rbac:groups=evil.example.com,resources=all,verbs=*" + TICK;',
        '',
      ].join('\n'),
    );
    await runCliOk(['generate', 'rbac'], dir);
    const role = await readFile(join(dir, 'config/rbac/role.yaml'), 'utf8');
    expect(role).toContain('  - baskets\n');
    expect(role).toContain('  - jobs\n');
    expect(role).not.toContain('evil');
  });

  it('reads the spellings controller-gen accepts', async () => {
    const dir = await project();
    await write(
      dir,
      'src/api/v1/basket.types.ts',
      BASKET.replace(
        '  /** a is kept. */',
        '  /**\n   * a is kept.\n   * +kubebuilder:default:=Allow\n   * +kubebuilder:validation:nullable\n   */',
      ),
    );
    const r = await runCliOk(['generate', 'crd'], dir);
    expect(r.stderr).toMatch(
      /basket\.types\.ts:\d+:\d+: warning: \+kubebuilder:validation:nullable is not a marker \(the marker is \+nullable\)/,
    );
    expect(await readFile(join(dir, CRD), 'utf8')).toMatch(/ a:\n {16}default: Allow\n/);
  });

  it('warns about +kubebuilder:object:root on a spec and still writes the kind', async () => {
    const dir = await project();
    await write(
      dir,
      'src/api/v1/basket.types.ts',
      BASKET.replace(
        '/** BasketSpec is the desired state. */',
        '// +kubebuilder:object:root=true\n\n/** BasketSpec is the desired state. */',
      ),
    );
    const r = await runCliOk(['generate', 'crd'], dir);
    expect(r.stderr).toMatch(
      /^src\/api\/v1\/basket\.types\.ts:4:4: warning: BasketSpec has \+kubebuilder:object:root=true but is not a kind/m,
    );
    expect(r.stdout).toBe('generate: everything up to date');
  });
});
