import { describe, expect, it } from 'vitest';
import { defineBundle, definePlugin } from './define.js';
import { canonicalKeys, findPlugin, resolveChain } from './resolve.js';
import { runHook } from './run.js';
import { UserError } from '../errors/user-error.js';
import type { HookContext } from './types.js';

const ts = definePlugin({
  name: 'typescript.operator-ts.dev',
  version: 'v1',
  description: 'ts',
  init: { scaffold() {} },
});
const kz = definePlugin({ name: 'kustomize.operator-ts.dev', version: 'v2', description: 'kz' });
const kzOld = definePlugin({ name: 'kustomize.operator-ts.dev', version: 'v1', description: 'old' });
const bundle = defineBundle({ name: 'operator-ts.dev', version: 'v1', description: 'default', plugins: [ts, kz] });
const all = [bundle, ts, kz, kzOld];

describe('plugin chain resolution', () => {
  it('gives plugins keys and flattens bundles', () => {
    expect(ts.key).toBe('typescript.operator-ts.dev/v1');
    expect(
      defineBundle({ name: 'outer.dev', version: 'v1', description: '', plugins: [bundle, kzOld] }).plugins.map(
        (p) => p.key,
      ),
    ).toEqual(['typescript.operator-ts.dev/v1', 'kustomize.operator-ts.dev/v2', 'kustomize.operator-ts.dev/v1']);
  });

  it('resolves full and short keys by name prefix and exact version', () => {
    expect(findPlugin('kustomize.operator-ts.dev/v2', all)).toBe(kz);
    expect(findPlugin('kustomize/v2', all)).toBe(kz);
    expect(findPlugin('typescript/v1', all)).toBe(ts);
    expect(resolveChain(['operator-ts.dev/v1'], all).map((p) => p.key)).toEqual([ts.key, kz.key]);
    expect(canonicalKeys(['typescript/v1', 'kustomize/v2'], all)).toEqual([ts.key, kz.key]);
  });

  it('matches a short key on whole name labels: helm/v1 is not also helm-hybrid/v1', () => {
    const helm = definePlugin({ name: 'helm.operator-ts.dev', version: 'v1', description: 'chart' });
    const hybrid = definePlugin({ name: 'helm-hybrid.operator-ts.dev', version: 'v1', description: 'hybrid' });
    expect(findPlugin('helm/v1', [...all, helm, hybrid])).toBe(helm);
    expect(findPlugin('helm-hybrid/v1', [...all, helm, hybrid])).toBe(hybrid);
    expect(() => findPlugin('hel/v1', [...all, helm, hybrid])).toThrow(/no plugin matches "hel\/v1"/);
  });

  it('rejects unknown and ambiguous keys with a hint', () => {
    expect(() => findPlugin('helm/v1', all)).toThrow(UserError);
    expect(() => findPlugin('helm/v1', all)).toThrow(/no plugin matches "helm\/v1"/);
    expect(() => findPlugin('kustomize', all)).toThrow(/ambiguous/);
  });

  it('rejects malformed plugin definitions', () => {
    expect(() => definePlugin({ name: 'Bad Name', version: 'v1', description: '' })).toThrow(/DNS-like/);
    expect(() => definePlugin({ name: 'ok.dev', version: '1', description: '' })).toThrow(/version/);
  });

  it('wraps hook errors with command, plugin and hook, keeping user errors as they are', async () => {
    const boom = definePlugin({
      name: 'boom.dev',
      version: 'v1',
      description: '',
      init: {
        scaffold() {
          throw new Error('kaput');
        },
      },
    });
    const user = definePlugin({
      name: 'user.dev',
      version: 'v1',
      description: '',
      init: {
        scaffold() {
          throw new UserError('bad input');
        },
      },
    });
    const ctx = {} as HookContext;
    const err = (await runHook([boom], 'init', 'scaffold', () => ctx).then(
      () => new Error('no error'),
      (e: unknown) => e,
    )) as Error;
    expect(err.message).toBe('init: plugin boom.dev/v1: scaffold: kaput');
    expect((err.cause as Error).message).toBe('kaput');
    await expect(runHook([user], 'init', 'scaffold', () => ctx)).rejects.toThrow(/^bad input$/);
  });
});
