// The layering of ../shared/ARCHITECTURE.md and decision 0720, checked by `npm run check`
// (docs/decisions/0740). Type-only imports count (tsPreCompilationDeps): a type import is a
// dependency of the code that reads it, and a circle of types is still a circle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module of a circle can run while another is half-initialised, and neither can be understood alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-imports-only-lib',
      comment: 'src/lib is isomorphic pure code: it imports lib and packages only.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'islands-reach-the-backend-by-http',
      comment: 'Islands import lib, islands and packages; the backend only through the HTTP contract (src/lib/api-client.ts).',
      severity: 'error',
      from: { path: '^src/islands/' },
      to: { path: '^src/', pathNot: '^src/(lib|islands)/' },
    },
    {
      name: 'server-imports-server-and-lib',
      comment: 'The server never imports pages, components, layouts or islands.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/', pathNot: '^src/(server|lib)/' },
    },
    {
      name: 'server-reached-by-its-alias',
      comment:
        'Pages, components and the middleware import src/server as #server/...: the build leaves those imports to Node (astro.config.mjs), so the process has one copy of each server module.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/' },
      to: { path: '^src/server/', dependencyTypesNot: ['aliased-subpath-import', 'type-only'] },
    },
    {
      name: 'no-domain-imports-the-entry',
      comment: 'The request entry (src/server/entry) calls the domains, never the other way round.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/entry/' },
      to: { path: '^src/server/entry/' },
    },
    {
      name: 'repository-stays-in-its-domain',
      comment: "A domain's SQL is reached through its services; other code may only name its row types.",
      severity: 'error',
      from: { path: '^src/server/([^/]+)/' },
      to: { path: '^src/server/[^/]+/repository[.]ts$', pathNot: '^src/server/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'repository-only-from-the-server',
      comment: "Pages, components and middleware call a domain's services, never its repository.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/' },
      to: { path: '^src/server/[^/]+/repository[.]ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]test[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
