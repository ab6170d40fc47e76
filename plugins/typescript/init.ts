import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, UserError, type HookContext, type Subcommand } from '../../src/index.js';
import { BOILERPLATE_PATH, licenseHeader } from './boilerplate.js';
import {
  checkOperatorTsSpec,
  operatorTsSpec,
  packageJson,
  tsconfigBuildJson,
  tsconfigJson,
  VERSIONS,
} from './package-json.js';
import { managerEntrypoint } from './manager-flags.js';
import { PRETTIER_OPTIONS, prettierJson } from './format-config.js';
import { e2eWorkflow, lintWorkflow, testWorkflow, workflowYaml } from './workflows.js';

const T = 'typescript/init';

/** fnv32a hashes a string; the leader election ID is `<hash>.<domain>` like kubebuilder's, stable per project. */
export function fnv32a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * devcontainer is .devcontainer/devcontainer.json: Node.js with Docker inside (docker-in-docker) so that the
 * Kind suite runs in the container; post-install.sh adds Kind, kubectl, the dependencies and envtest.
 */
export function devcontainer(projectName: string, nodeMajor: string): Record<string, unknown> {
  return {
    name: `${projectName} dev container`,
    image: `mcr.microsoft.com/devcontainers/javascript-node:${nodeMajor}`,
    features: {
      'ghcr.io/devcontainers/features/docker-in-docker:2': { moby: false },
    },
    runArgs: ['--privileged', '--init'],
    customizations: {
      vscode: {
        extensions: ['dbaeumer.vscode-eslint', 'esbenp.prettier-vscode', 'ms-kubernetes-tools.vscode-kubernetes-tools'],
      },
    },
    remoteUser: 'root',
    onCreateCommand: 'bash .devcontainer/post-install.sh',
  };
}

/** initView is the view model of the init templates. */
export function initView(ctx: HookContext, header: string): Record<string, unknown> {
  const nodeMajor = VERSIONS.node.split('.')[0] ?? '24';
  return {
    header,
    projectName: ctx.project.projectName,
    domain: ctx.project.domain,
    namespaced: ctx.project.namespaced,
    multigroup: ctx.project.multigroup,
    leaderElectionId: `${fnv32a(ctx.project.projectName)}.${ctx.project.domain}`,
    nodeVersion: nodeMajor,
    nodeMajor,
    managerEntrypoint: managerEntrypoint(),
    license: ctx.flags['license'] === 'none' ? '' : 'Apache License 2.0: see the header of each source file.',
  };
}

/** initSubcommand scaffolds the TypeScript side of a new project: package.json, tsconfig, manager entry, Makefile, Dockerfile. */
export const initSubcommand: Subcommand = {
  description: 'TypeScript project: package.json, tsconfig, src/main.ts, Makefile, Dockerfile',
  options: [
    { name: 'owner', type: 'string', description: 'copyright owner in the licence header' },
    {
      name: 'license',
      type: 'string',
      description: 'licence header of scaffolded files',
      choices: ['apache2', 'none'],
      default: 'apache2',
    },
    { name: 'skip-install', type: 'boolean', description: 'do not run npm install after scaffolding', default: false },
    {
      name: 'operator-ts-version',
      type: 'string',
      description: 'operator-ts dependency: a version, or a path / .tgz of a local build (default: this CLI version)',
    },
  ],
  validate(ctx) {
    const versionFlag = ctx.flags['operatorTsVersion'];
    if (typeof versionFlag === 'string') checkOperatorTsSpec(versionFlag, ctx.tree.root);
    for (const file of ['package.json', 'src/main.ts'])
      if (ctx.tree.exists(file))
        throw new UserError(`${file} already exists in ${ctx.tree.root}: init creates a new project`, {
          hint: 'run `operator-ts init` in an empty directory (move the existing files away first)',
        });
  },
  scaffold(ctx) {
    const owner =
      typeof ctx.flags['owner'] === 'string' ? ctx.flags['owner'] : `The ${ctx.project.projectName} Authors`;
    const header = licenseHeader(String(ctx.flags['license'] ?? 'apache2'), owner);
    const versionFlag = ctx.flags['operatorTsVersion'];
    const operatorTs = typeof versionFlag === 'string' ? operatorTsSpec(versionFlag, ctx.tree.root) : ctx.cli.version;
    const data = initView(ctx, header);
    const manifest = packageJson(ctx.project.projectName, operatorTs, ctx.cli.generatorDependencies);
    if (header !== '')
      ctx.files.add({ kind: 'generated', path: BOILERPLATE_PATH, content: `${header}\n`, ifExists: 'skip' });
    ctx.files.add(
      { kind: 'generated', path: 'package.json', format: 'json', object: manifest, ifExists: 'error' },
      { kind: 'generated', path: 'tsconfig.json', content: prettierJson(tsconfigJson()), ifExists: 'error' },
      { kind: 'generated', path: 'tsconfig.build.json', content: prettierJson(tsconfigBuildJson()), ifExists: 'error' },
      { kind: 'template', template: `${T}/eslint.config.js.hbs`, path: 'eslint.config.js', data, ifExists: 'skip' },
      { kind: 'generated', path: '.prettierrc.json', content: prettierJson(PRETTIER_OPTIONS), ifExists: 'skip' },
      { kind: 'template', template: `${T}/prettierignore.hbs`, path: '.prettierignore', data, ifExists: 'skip' },
      { kind: 'template', template: `${T}/src/main.ts.hbs`, path: 'src/main.ts', data, ifExists: 'error' },
      { kind: 'template', template: `${T}/Makefile.hbs`, path: 'Makefile', data, ifExists: 'error' },
      { kind: 'template', template: `${T}/Dockerfile.hbs`, path: 'Dockerfile', data, ifExists: 'error' },
      { kind: 'template', template: `${T}/dockerignore.hbs`, path: '.dockerignore', data, ifExists: 'skip' },
      { kind: 'template', template: `${T}/gitignore.hbs`, path: '.gitignore', data, ifExists: 'skip' },
      { kind: 'template', template: `${T}/README.md.hbs`, path: 'README.md', data, ifExists: 'skip' },
      { kind: 'template', template: `${T}/AGENTS.md.hbs`, path: 'AGENTS.md', data, ifExists: 'skip' },
      {
        kind: 'template',
        template: `${T}/test/envtest.test.ts.hbs`,
        path: 'test/envtest.test.ts',
        data,
        ifExists: 'skip',
      },
      { kind: 'template', template: `${T}/vitest.config.ts.hbs`, path: 'vitest.config.ts', data, ifExists: 'skip' },
      ...['steps.ts', 'e2e.test.ts', 'vitest.config.ts'].map((file) => ({
        kind: 'template' as const,
        template: `${T}/test/e2e/${file}.hbs`,
        path: `test/e2e/${file}`,
        data,
        ifExists: 'skip' as const,
      })),
    );
    ctx.files.add(
      {
        kind: 'generated',
        path: '.devcontainer/devcontainer.json',
        content: prettierJson(devcontainer(ctx.project.projectName, String(data['nodeMajor']))),
        ifExists: 'skip',
      },
      {
        kind: 'template',
        template: `${T}/devcontainer/post-install.sh.hbs`,
        path: '.devcontainer/post-install.sh',
        data,
        ifExists: 'skip',
      },
    );
    const view = { projectName: ctx.project.projectName, nodeMajor: String(data['nodeMajor']) };
    for (const [name, workflow] of [
      ['lint', lintWorkflow(view)],
      ['test', testWorkflow(view)],
      ['test-e2e', e2eWorkflow(view)],
    ] as const)
      ctx.files.add({
        kind: 'generated',
        path: `.github/workflows/${name}.yml`,
        content: workflowYaml(workflow),
        ifExists: 'skip',
      });
  },
  async postScaffold(ctx) {
    if (ctx.flags['skipInstall'] === true) return;
    ctx.log.info('Installing dependencies with npm install (pass --skip-install to skip) ...');
    const progress = ctx.log.progress('npm install');
    // What npm creates; an interrupted install must not leave half of it behind for the re-run.
    const outputs = ['node_modules', 'package-lock.json']
      .map((name) => join(ctx.tree.root, name))
      .filter((path) => !existsSync(path));
    try {
      await runCommand('npm', ['install', '--no-audit', '--no-fund'], { cwd: ctx.tree.root, signal: ctx.signal });
      progress.done();
    } catch (err) {
      progress.done('failed');
      if (ctx.signal.aborted) {
        for (const path of outputs) rmSync(path, { recursive: true, force: true });
        throw err;
      }
      const detail = (err as { stderr?: string }).stderr?.trim() || (err instanceof Error ? err.message : String(err));
      throw new UserError(`npm install failed in ${ctx.tree.root}: ${detail.split('\n').slice(-3).join(' ')}`, {
        hint: 'the project files were written; fix the problem and run `npm install` in the project yourself',
        cause: err,
      });
    }
  },
};
