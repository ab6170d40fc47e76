import type { Project, SourceFile } from 'ts-morph';
import { ts } from './ts-morph.js';
import type { Diagnostic } from '../errors/diagnostic.js';

/**
 * syntaxErrors returns the compiler's syntax errors of the input files, each at its file:line:col with
 * the compiler's own message. The parser recovers from a syntax error by skipping or re-reading text, so
 * the declarations it returns after one can lack fields (`interface A { a?: string; } b?: string }`
 * loses `b`) or whole types (an unclosed comment): a schema built from them would silently prune data.
 */
export function syntaxErrors(project: Project, files: readonly SourceFile[]): Diagnostic[] {
  const program = project.getProgram().compilerObject;
  const out: Diagnostic[] = [];
  for (const sf of files) {
    const node = sf.compilerNode;
    for (const d of program.getSyntacticDiagnostics(node)) {
      const { line, character } = node.getLineAndCharacterOfPosition(d.start);
      out.push({
        file: sf.getFilePath(),
        line: line + 1,
        column: character + 1,
        severity: 'error',
        message: `${ts.flattenDiagnosticMessageText(d.messageText, '\n')} (TS${d.code})`,
        hint: 'fix the TypeScript syntax error (tsc reports the same); generate reads no file the compiler rejects, so that no field or type is lost',
      });
    }
  }
  return out;
}
