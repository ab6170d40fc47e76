import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A generated project's image runs the manager as one esbuild bundle with no node_modules next to it
// (e2e/cluster/image.test.ts runs it). A bundler includes a module only when it sees a literal
// `import('x')` or `require('x')`; a load it cannot see (a computed specifier, a `createRequire` call)
// fails in the image with "Cannot find module". Code that finds files next to its own module
// (`__dirname`, `require.resolve`, worker threads, pino transports) fails alike: the bundle has no such files.
const runtimeDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testdata' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** isTypeofRequireCheck matches `typeof require === 'function'`. */
function isTypeofRequireCheck(node: ts.Expression): boolean {
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken) return false;
  const { left, right } = node;
  return (
    ts.isTypeOfExpression(left) &&
    ts.isIdentifier(left.expression) &&
    left.expression.text === 'require' &&
    ts.isStringLiteral(right) &&
    right.text === 'function'
  );
}

function literalArgument(call: ts.CallExpression): string | undefined {
  const arg = call.arguments[0];
  return call.arguments.length === 1 && arg !== undefined && ts.isStringLiteralLike(arg) ? arg.text : undefined;
}

/** isRequireCall matches `require('<spec>')` with a literal specifier. */
function isRequireCall(node: ts.Node, spec: string): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'require' &&
    literalArgument(node) === spec
  );
}

/** calleeName is the called function's name: `f` of `f()` and of `a.f()`. */
function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/** problemsOf lists the loads of one file that a bundler cannot follow, and file lookups next to the module. */
function problemsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const at = (node: ts.Node, what: string): void => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    problems.push(`${relative(runtimeDir, file)}:${line + 1}:${character + 1}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword && literalArgument(node) === undefined)
        at(node, 'import() with a computed specifier');
      if (ts.isIdentifier(callee) && callee.text === 'require' && literalArgument(node) === undefined)
        at(node, 'require() with a computed specifier');
      if (ts.isCallExpression(callee) && calleeName(callee) === 'createRequire') {
        // Allowed only as the unbundled branch of `typeof require === 'function' ? require(s) : createRequire(...)(s)`.
        const spec = literalArgument(node);
        const parent = node.parent;
        const guarded =
          spec !== undefined &&
          ts.isConditionalExpression(parent) &&
          parent.whenFalse === node &&
          isTypeofRequireCheck(parent.condition) &&
          isRequireCall(parent.whenTrue, spec);
        if (!guarded)
          at(
            node,
            'createRequire(...)(...) that a bundler cannot follow: guard it with a literal require() (see manager/client-node.ts)',
          );
      }
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'resolve' &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'require'
      )
        at(node, 'require.resolve (no files next to a bundle)');
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'transport' &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'pino'
      )
        at(node, 'pino.transport (its worker file is not in a bundle)');
    }
    if (ts.isIdentifier(node) && (node.text === '__dirname' || node.text === '__filename'))
      at(node, `${node.text} (no files next to a bundle)`);
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Worker')
      at(node, 'new Worker (its script is not in a bundle)');
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isMetaProperty(node.expression) &&
      ['dirname', 'filename', 'resolve'].includes(node.name.text)
    )
      at(node, `import.meta.${node.name.text} (no files next to a bundle)`);
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (['worker_threads', 'node:worker_threads'].includes(node.moduleSpecifier.text))
        at(node, 'worker_threads (its scripts are not in a bundle)');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

describe('operator-ts/runtime in a bundle', () => {
  const files = sourceFiles(runtimeDir);

  it('finds the runtime sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('loads optional modules only in ways a bundler follows, and looks up no files next to its modules', () => {
    expect(files.flatMap(problemsOf)).toEqual([]);
  });
});
