// Side-effect module, imported first by the generate command: it turns on Node's on-disk V8 compile cache
// before ts-morph (and the 9 MB TypeScript compiler it bundles) is compiled, so that every later
// `operator-ts generate` reuses the bytecode instead of compiling TypeScript again.
import module from 'node:module';

/** compileCacheEnabled tells whether Node accepted the compile cache (false on Node without the API). */
export const compileCacheEnabled: boolean = (() => {
  if (typeof module.enableCompileCache !== 'function') return false;
  const r = module.enableCompileCache();
  return r.status === module.constants.compileCacheStatus.ENABLED || r.status === module.constants.compileCacheStatus.ALREADY_ENABLED;
})();
