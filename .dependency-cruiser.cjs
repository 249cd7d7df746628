/**
 * Area boundaries (docs/conventions.md), checked by `npm test` with no exceptions:
 * - a server module (`apps/server/src/modules/<area>/`), a platform port
 *   (`apps/server/src/platform/<port>/`) and a web feature (`apps/web/src/features/<area>/`)
 *   are reached from outside only through their `index.ts`;
 * - the HTTP layer through `http/index.ts`, the tables through `db/schema.ts`;
 * - the core (http, platform, db, lib, config, errors) never imports a module or the
 *   composition roots (app, server, cli), and web `shared/` never imports a feature or `app/`.
 * Tests may reach inside the area they test.
 */
const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const notTests = ['(^|/)test/', '\\.test\\.tsx?$'];

module.exports = {
  forbidden: [
    {
      name: 'module-deep-import',
      comment: 'Another module is reached only through its index.ts (its public surface).',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: notTests },
      to: { path: `${SERVER}modules/(?!$1/)[^/]+/`, pathNot: `${SERVER}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'module-internals-from-outside',
      comment: 'Outside the modules, a module is reached only through its index.ts.',
      severity: 'error',
      from: { path: `${SERVER}(?!modules/)`, pathNot: notTests },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: `${SERVER}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'module-to-registry',
      comment: 'A module does not import the list of modules (modules/index.ts).',
      severity: 'error',
      from: { path: `${SERVER}modules/[^/]+/` },
      to: { path: `${SERVER}modules/index\\.ts$` },
    },
    {
      name: 'core-imports-module',
      comment: 'The core (http, platform, db, lib, config, errors) never depends on a feature module.',
      severity: 'error',
      from: { path: `${SERVER}(http|platform|db|lib)/|${SERVER}(config|errors)\\.ts$` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'upward-to-composition',
      comment: 'Only the composition roots (main, server, app, cli) import the composition roots.',
      severity: 'error',
      from: { path: `${SERVER}(http|platform|db|lib|modules)/|${SERVER}(config|errors)\\.ts$` },
      to: { path: `${SERVER}(app|server|main)\\.ts$|${SERVER}cli/` },
    },
    {
      name: 'platform-port-internals',
      comment: 'A platform port is reached only through its index.ts.',
      severity: 'error',
      from: { path: `${SERVER}(?!platform/)`, pathNot: notTests },
      to: { path: `${SERVER}platform/[^/]+/`, pathNot: `${SERVER}platform/[^/]+/index\\.ts$` },
    },
    {
      name: 'platform-port-to-port',
      comment: 'One platform port reaches another only through its index.ts.',
      severity: 'error',
      from: { path: `${SERVER}platform/([^/]+)/` },
      to: { path: `${SERVER}platform/(?!$1/)[^/]+/`, pathNot: `${SERVER}platform/[^/]+/index\\.ts$` },
    },
    {
      name: 'http-internals',
      comment: 'The HTTP layer is reached through http/index.ts.',
      severity: 'error',
      from: { path: `${SERVER}(?!http/)`, pathNot: notTests },
      to: { path: `${SERVER}http/`, pathNot: `${SERVER}http/index\\.ts$` },
    },
    {
      name: 'table-files',
      comment: 'Tables are reached through db/schema.ts.',
      severity: 'error',
      from: { path: `${SERVER}(?!db/)`, pathNot: notTests },
      to: { path: `${SERVER}db/tables/` },
    },
    {
      name: 'web-feature-deep-import',
      comment:
        'Another feature is reached only through its index.ts; UI several features use lives in shared/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: notTests },
      to: { path: `${WEB}features/(?!$1/)[^/]+/`, pathNot: `${WEB}features/[^/]+/index\\.tsx?$` },
    },
    {
      name: 'web-feature-internals-from-outside',
      comment: 'Outside the features, a feature is reached only through its index.ts.',
      severity: 'error',
      from: { path: `${WEB}(?!features/)`, pathNot: notTests },
      to: { path: `${WEB}features/[^/]+/`, pathNot: `${WEB}features/[^/]+/index\\.tsx?$` },
    },
    {
      name: 'web-shared-upward',
      comment: 'shared/ is below the features and the app shell.',
      severity: 'error',
      from: { path: `${WEB}shared/`, pathNot: notTests },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
