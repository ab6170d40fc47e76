import { describe, expect, it } from 'vitest';
import { GENERATE_ENV, GENERATE_NODE_FLAGS, relaunchPlan } from './relaunch.js';

describe('relaunchPlan', () => {
  const argv = ['/usr/bin/node', '/app/bin/operator-ts.js', 'generate', 'crd', '--max-desc-len', '0'];

  it('re-runs generate with the memory flags before the script and the allocator setting in the environment', () => {
    const plan = relaunchPlan(argv, ['--enable-source-maps'], { HOME: '/root' });
    expect(plan?.args).toEqual([
      '--enable-source-maps',
      ...GENERATE_NODE_FLAGS,
      '/app/bin/operator-ts.js',
      'generate',
      'crd',
      '--max-desc-len',
      '0',
    ]);
    expect(plan?.env).toEqual({ HOME: '/root', ...GENERATE_ENV });
  });

  it('does not re-run a process that already has the flags, so the child runs the command itself', () => {
    expect(relaunchPlan(argv, [...GENERATE_NODE_FLAGS], {})).toBeUndefined();
  });

  it('keeps one copy of a flag the caller already gave', () => {
    const plan = relaunchPlan(argv, ['--no-opt'], {});
    expect(plan?.args.filter((a) => a === '--no-opt')).toEqual(['--no-opt']);
  });

  it('leaves every other command in this process', () => {
    for (const args of [['init'], ['create', 'api'], ['version'], [], ['--help']]) {
      expect(relaunchPlan(['node', 'bin', ...args], [], {})).toBeUndefined();
    }
  });
});
