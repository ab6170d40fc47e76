/** CONTROLLER_GEN_VERSION is the controller-tools release the parity tier compares against. */
export declare const CONTROLLER_GEN_VERSION: string;
/** goAvailable tells whether a Go toolchain is on PATH, and if not, why. */
export declare function goAvailable(): { ok: true; version: string } | { ok: false; reason: string };
/** controllerGenCacheDir is where the binary of one version is cached. */
export declare function controllerGenCacheDir(version?: string): string;
/** ensureControllerGen returns the path of a cached (or freshly built) controller-gen, or why there is none. */
export declare function ensureControllerGen(version?: string): { path: string } | { missing: string };
