/** The project model: the PROJECT file, resources and naming rules. */
export * from './project.js';
export * from './naming.js';
export * from './resource.js';
export * from './core-groups.js';
export * from './plural.js';
export * from './project-reader.js';
export * from './builtin-kinds.js';
export * from './kind-names.js';
