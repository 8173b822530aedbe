// Type-checked linting for every TypeScript file; `npm run lint` fails on any warning.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);

// Where the layers are. Exceptions to a glob `from` are matched as absolute globs.
const API = 'apps/api/src';
const DOMAIN = [`${API}/domain/**`, `${API}/modules/*/domain/**`];
const WEB_FEATURES = 'apps/web/src/features';
const webFeatures = readdirSync(at(WEB_FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * import-x's no-cycle with `import type` counted as well: a type-only cycle still makes two files
 * that cannot be read apart. The linted file's imports are read as values here, its dependencies'
 * by the parser below.
 */
const noCycle = importX.rules['no-cycle'];
const asValueImport = (node) => ({
  ...node,
  importKind: 'value',
  specifiers: node.specifiers.map((specifier) => ({ ...specifier, importKind: 'value' })),
});
const noCycleCountingTypes = {
  meta: noCycle.meta,
  create(context) {
    const visitors = noCycle.create(context);
    return {
      ...visitors,
      ImportDeclaration: (node) => visitors.ImportDeclaration(asValueImport(node)),
    };
  },
};

/** The dependency rule: each layer imports only downwards, and nothing imports in a circle. */
const boundaries = {
  plugins: { 'import-x': importX, medbook: { rules: { 'no-cycle': noCycleCountingTypes } } },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    'import-x/parsers': { [at('scripts/lint/imports-as-values.cjs')]: ['.ts', '.tsx'] },
    // The workspace packages resolve to their sources, so the rules see across them unbuilt.
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.node'],
        alias: {
          '@medbook/contracts': [at('libs/contracts/src/index.ts')],
          '@medbook/event-store': [at('libs/event-store/src/index.ts')],
        },
      }),
    ],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: root,
        zones: [
          {
            target: DOMAIN,
            from: `${API}/infra`,
            message: 'The domain is pure: infra depends on it, never the reverse.',
          },
          {
            target: DOMAIN,
            from: [`${API}/modules/**`, `${API}/demo/**`],
            except: DOMAIN.map((glob) => at(glob)),
            message: "The domain imports only domain folders (not a module's services or edge).",
          },
          {
            target: `${API}/infra`,
            from: [`${API}/modules`, `${API}/demo`],
            message: 'Infra is the ground floor: the app composes modules, infra knows none.',
          },
          ...webFeatures.map((feature) => ({
            target: `${WEB_FEATURES}/${feature}`,
            from: `${WEB_FEATURES}/*/**`,
            except: [at(WEB_FEATURES, feature, '**')],
            message:
              'A feature does not import another: compose them in app/ or share from shared/.',
          })),
          { target: 'libs', from: 'apps', message: 'Libraries do not depend on the apps.' },
        ],
      },
    ],
    // Cycles are checked through the whole graph, `import type` included.
    'medbook/no-cycle': ['error', { ignoreExternal: true }],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['apps/api/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'libs/**/*.ts'], ...boundaries },
  {
    // The domain speaks neither HTTP nor Nest.
    files: DOMAIN.map((glob) => `${glob}/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'fastify', '@fastify/*'],
              message: 'The domain is pure: the edge maps it to HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web component tests and their setup live outside the app's tsconfig (they need jest types).
    files: ['apps/web/**/*.spec.tsx', 'apps/web/jest.setup.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['apps/web/tsconfig.spec.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
);
