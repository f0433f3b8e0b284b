/**
 * Import loops, type-only imports included (issue 39): eslint's import-x/no-cycle skips `import type`,
 * so a loop made only of type imports (platform/ importing AppContext back from context.ts, for instance)
 * passed the linter. dependency-cruiser reads the TypeScript sources before compilation
 * (`tsPreCompilationDeps`), so every `import type` is an edge. Run by `npm run check` (`npm run lint:cycles`);
 * apps/server/src/lint-fixtures/type-cycle/ is a loop it must find (lint-zones.test.ts).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-import-loop',
      comment: 'A file reaches itself through imports (type-only imports count): break the loop (docs/adding-a-capability.md).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
