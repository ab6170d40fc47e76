import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionSpec } from './spec.js';
import { zshScript } from './zsh.js';

/** completionScript renders the completion script of a program for one shell. */
export function completionScript(program: Command, shell: 'bash' | 'zsh' | 'fish', version: string): string {
  const spec = completionSpec(program);
  if (shell === 'bash') return bashScript(spec, version);
  if (shell === 'zsh') return zshScript(spec, version);
  return fishScript(spec, version);
}
