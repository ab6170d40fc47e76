import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../machinery/template-root.js';
import { buildProgram } from './program.js';
import {
  CLI_REFERENCE_END,
  CLI_REFERENCE_START,
  extractSection,
  renderCliReference,
  replaceSection,
} from './reference.js';

// A directory without PROJECT, so the reference shows the default plugin chain's flags.
const empty = mkdtempSync(join(tmpdir(), 'ots-reference-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

async function rendered(): Promise<string> {
  return renderCliReference(await buildProgram({ cwd: empty, out: () => undefined, err: () => undefined }, []));
}

describe('renderCliReference', () => {
  it('renders every command with its flags, without hidden ones', async () => {
    const text = await rendered();
    for (const cmd of [
      'init',
      'create api',
      'create webhook',
      'edit',
      'alpha generate',
      'alpha update',
      'version',
      'generate',
      'completion',
    ])
      expect(text).toContain(`### \`operator-ts ${cmd}\``);
    expect(text).toContain('| `--domain <value>` |');
    expect(text).toContain('| `--resource [bool]` |');
    expect(text).not.toContain('--no-resource');
    expect(text).toContain('`shell`: one of `bash`, `zsh`, `fish`.');
    expect(text.startsWith(`${CLI_REFERENCE_START}\n`)).toBe(true);
    expect(text.endsWith(`${CLI_REFERENCE_END}\n`)).toBe(true);
  });

  it('replaces a marked section, or appends it when the markers are missing', () => {
    const section = `${CLI_REFERENCE_START}\nnew\n${CLI_REFERENCE_END}\n`;
    expect(replaceSection('# T\n', CLI_REFERENCE_START, CLI_REFERENCE_END, section)).toBe(`# T\n\n${section}`);
    const doc = `# T\n${CLI_REFERENCE_START}\nold\n${CLI_REFERENCE_END}\ntail\n`;
    expect(replaceSection(doc, CLI_REFERENCE_START, CLI_REFERENCE_END, section)).toBe(
      `# T\n${CLI_REFERENCE_START}\nnew\n${CLI_REFERENCE_END}\ntail\n`,
    );
    expect(extractSection(doc, CLI_REFERENCE_START, CLI_REFERENCE_END)).toBe(
      `${CLI_REFERENCE_START}\nold\n${CLI_REFERENCE_END}\n`,
    );
  });
});

describe('README.md', () => {
  const readme = join(packageRoot(), 'README.md');

  it('holds the current CLI reference (UPDATE_CLI_REFERENCE=1 rewrites it)', async () => {
    const doc = readFileSync(readme, 'utf8');
    const want = await rendered();
    if (process.env['UPDATE_CLI_REFERENCE'] === '1') {
      writeFileSync(readme, replaceSection(doc, CLI_REFERENCE_START, CLI_REFERENCE_END, want));
      return;
    }
    expect(
      extractSection(doc, CLI_REFERENCE_START, CLI_REFERENCE_END),
      'README.md is out of date: UPDATE_CLI_REFERENCE=1 npm exec -- vitest run --config e2e/vitest.config.ts src/cli/reference.test.ts',
    ).toBe(want);
  });

  it('has the generated project layout section', () => {
    const doc = readFileSync(readme, 'utf8');
    expect(extractSection(doc, '<!-- layout:start -->', '<!-- layout:end -->')).toContain(
      '## Generated project layout',
    );
  });
});
