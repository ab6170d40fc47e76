/** HELM_VERSION is the Helm release the chart tests run. */
export declare const HELM_VERSION: string;
/** helmCacheDir is where the binary of one version is cached. */
export declare function helmCacheDir(version?: string): string;
/** isCI tells whether this runs in CI (CI=true or CI=1). */
export declare function isCI(env?: Record<string, string | undefined>): boolean;
/** ensureHelm returns the path of a cached (or freshly built) helm, or why there is none. */
export declare function ensureHelm(version?: string): { path: string } | { missing: string };
