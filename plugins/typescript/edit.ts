import type { Subcommand } from '../../src/index.js';

/**
 * editSubcommand records layout switches. Existing files are left alone: moving API folders between the
 * single-group and multigroup layouts is the user's call, so edit says what to move instead of doing it.
 */
export const editSubcommand: Subcommand = {
  description: 'record layout switches (--multigroup, --namespaced) in PROJECT',
  scaffold(ctx) {
    if (
      ctx.project.multigroup &&
      ctx.project.resources.some(
        (r) => r.core !== true && r.path !== undefined && !r.path.startsWith(`src/api/${r.group}/`),
      )
    )
      ctx.log.warn('new APIs go to src/api/<group>/<version>; existing APIs stay where they are until you move them');
    if (typeof ctx.flags['namespaced'] === 'boolean')
      ctx.log.warn(
        ctx.project.namespaced
          ? 'src/main.ts is yours: pass `namespaces` from WATCH_NAMESPACE to createManager (a new project shows how), then run npm run manifests'
          : 'src/main.ts is yours: drop the WATCH_NAMESPACE handling from createManager, then run npm run manifests',
      );
  },
};
