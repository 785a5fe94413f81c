// Lint for every runtime, with the module boundaries of architecture.md#runtimes-and-module-boundaries enforced by import/no-restricted-paths.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The user-type codes are compared in src/core/role.ts alone (its predicates say what a type may do), and the API's
// paths are written in src/core/contract alone (beside each route's schema): these selectors keep it so.
const TYPE_FIELD = '/^(usrTpCd|usr_tp_cd)$/';
const ROLE_CHECKS = [
  ...['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left';
    return [`${side}.name`, `${side}.property.name`, `${side}.expression.property.name`].map((field) => ({
      selector: `BinaryExpression[operator=/^[!=]==?$/][${other}.type='Literal'][${field}=${TYPE_FIELD}]`,
      message:
        'Ask src/core/role.ts (isVesselUser, isAgent, isRestricted, userKind…) instead of comparing a user type code.',
    }));
  }),
  {
    selector: `CallExpression[callee.property.name='includes'][callee.object.type='ArrayExpression']:matches([arguments.0.name=${TYPE_FIELD}], [arguments.0.property.name=${TYPE_FIELD}])`,
    message:
      'Ask src/core/role.ts (isVesselUser, isAgent, isRestricted, userKind…) instead of listing user type codes.',
  },
  ...[
    "Literal[value=/usr_tp_cd\\s*(=|<>|!=)\\s*'\\w/i]",
    "TemplateElement[value.raw=/usr_tp_cd\\s*(=|<>|!=)\\s*'\\w/i]",
  ].map((selector) => ({
    selector,
    message: 'Compare usr_tp_cd in SQL with USER_TYPE from src/core/role.ts, not a quoted code.',
  })),
];
const API_PATHS = [
  'Literal[value=/\\/api\\/v2\\/app/]',
  'TemplateElement[value.raw=/\\/api\\/v2\\/app/]',
].map((selector) => ({
  selector,
  message:
    'API paths live beside their schema in src/core/contract (API_BASE, the area prefixes and route names).',
}));
// The server's routes are thin: they check the input and the caller, call a domain module and shape the reply. SQL
// lives in the domain modules (server/vessels, server/notifications, …), never in server/routes.
const SQL_IN_ROUTES = [
  ...[
    'Literal[value=/\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\\b/]',
    'TemplateElement[value.raw=/\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\\b/]',
  ].map((selector) => ({
    selector,
    message:
      'No SQL in server/routes: put the statement in the domain module the route calls (docs/architecture.md#the-reference-server).',
  })),
  {
    selector: "CallExpression[callee.property.name='query']",
    message:
      'Routes do not run queries: call a function of the domain module that owns the rows (docs/architecture.md#the-reference-server).',
  },
];
// The window's layers, lowest first (docs/architecture.md#the-windows-layers): each imports only the layers
// below it, and src/core. Features may import other features (no cycles: import/no-cycle).
const WINDOW_LAYERS = [
  ['src/ui', ['./src/ui']],
  ['src/platform', ['./src/platform']],
  ['src/state', ['./src/state']],
  ['src/features', ['./src/features']],
  ['src/screens', ['./src/screens']],
  ['src/shell', ['./src/shell']],
  ['the entry (src/App.tsx, src/main.tsx)', ['./src/App.tsx', './src/main.tsx']],
];
const LAYER_ORDER = 'ui < platform < state < features < screens < shell < the entry';
const WINDOW_ZONES = [
  ...WINDOW_LAYERS.slice(0, -1).map(([name, target], i) => ({
    target,
    from: WINDOW_LAYERS.slice(i + 1).flatMap(([, paths]) => paths),
    message: `${name} imports only the layers below it (${LAYER_ORDER}): docs/architecture.md#the-windows-layers.`,
  })),
  {
    target: [...WINDOW_LAYERS.slice(0, -1).flatMap(([, paths]) => paths), './src/App.tsx'],
    from: './src/styles',
    message: 'The stylesheets are loaded once, by src/main.tsx: docs/architecture.md#the-windows-layers.',
  },
];
export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    languageOptions: {
      parserOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    },
    settings: {
      // Every relative import names its file with the .ts extension, so Node's own resolution finds it.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Cycles and boundaries are about our code: dependencies are never parsed.
      'import/ignore': ['node_modules'],
      'import/external-module-folders': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-self-import': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/core',
              from: ['./src', './worker', './sw', './server', './tests', './e2e', './bench'],
              except: ['./core'],
              message:
                'src/core is shared by every runtime: it imports none of the others (docs/architecture.md#runtimes-and-module-boundaries).',
            },
            {
              target: './src/device',
              from: ['./src', './worker', './sw', './server', './tests', './e2e', './bench'],
              except: ['./core', './device'],
              message:
                'src/device is shared by the window, the worker and the service worker: it imports src/core alone (docs/architecture.md#runtimes-and-module-boundaries).',
            },
            {
              target: ['./worker', './sw'],
              from: './src',
              except: ['./core', './device'],
              message:
                'worker and sw may import src/core and src/device and nothing else of src (docs/architecture.md#runtimes-and-module-boundaries).',
            },
            {
              // The server runs in Node: it takes the contract and the pure rules, never the device's code.
              target: './server',
              from: './src',
              except: ['./core'],
              message:
                "server may import src/core and nothing else of src: src/device is the device's code (docs/architecture.md#runtimes-and-module-boundaries).",
            },
            {
              target: ['./src', './worker', './sw'],
              from: './server',
              message:
                'Only tests, e2e and bench import server (docs/architecture.md#runtimes-and-module-boundaries).',
            },
            {
              // The server's domain modules (everything but its routes and app.ts, which registers them) own their
              // SQL; the routes sit on top of them and nothing reaches back into a route.
              target: ['./server/!(routes)/**', './server/!(app).ts'],
              from: './server/routes',
              message:
                'Server domain modules do not import server/routes: the routes call the modules (docs/architecture.md#the-reference-server).',
            },
            { target: './worker', from: './sw', message: 'The worker does not import the service worker.' },
            { target: './sw', from: './worker', message: 'The service worker does not import the worker.' },
            ...WINDOW_ZONES,
          ],
        },
      ],
    },
  },
  {
    // The pure core runs in Node (the server) as well as in browsers: none of the device's libraries. Its tsconfig
    // has no DOM lib, so document, IndexedDB and the like do not compile in it either.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'dexie',
            'dexie-react-hooks',
            '@stomp/stompjs',
            'comlink',
            'react',
            'react-dom',
            'valtio',
          ].map((name) => ({
            name,
            message: `src/core is pure: code that needs ${name} goes in src/device or above (docs/architecture.md#runtimes-and-module-boundaries).`,
          })),
          patterns: [
            {
              group: ['workbox-*'],
              message: `src/core is pure: service worker code goes in sw/ (docs/architecture.md#runtimes-and-module-boundaries).`,
            },
          ],
        },
      ],
    },
  },
  {
    // The window may take only TYPES from the worker (the Comlink API type), through one bridge module.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/core/**', 'src/device/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/*', '**/worker'],
              allowTypeImports: true,
              message:
                'The window imports only types from the worker; reach it through src/platform/worker-bridge.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    ignores: ['src/core/**', 'src/device/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['worker/**/*.ts', 'sw/**/*.ts'], languageOptions: { globals: globals.worker } },
  // Small files that each say what they are for: a source file that grows past 400 lines is split along its seams
  // (every line counts, blank and comment lines too).
  {
    files: ['{src,worker,sw,server,bench}/**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // Playwright reads a fixture's dependencies from its first parameter, so `async ({}, use)` is how it is written.
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'worker/**/*.ts', 'sw/**/*.ts', 'server/**/*.ts'],
    ignores: ['src/core/role.ts', 'src/core/contract/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_CHECKS, ...API_PATHS] },
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_CHECKS, ...API_PATHS, ...SQL_IN_ROUTES] },
  },
  {
    files: ['src/core/role.ts'],
    rules: { 'no-restricted-syntax': ['error', ...API_PATHS] },
  },
  { files: ['src/core/contract/**/*.ts'], rules: { 'no-restricted-syntax': ['error', ...ROLE_CHECKS] } },
  {
    files: ['src/**/*.test.ts', 'worker/**/*.test.ts', 'sw/**/*.test.ts', 'server/**/*.test.ts'],
    ignores: ['src/core/role.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_CHECKS] },
  },
  // Every file of the window is in one layer: beside the entry, none at the top of src, none outside the layers'
  // folders, and each feature in its domain's folder.
  {
    files: [
      'src/*.{ts,tsx}',
      'src/features/*.{ts,tsx}',
      'src/!(core|device|ui|platform|state|features|screens|shell|styles)/**/*.{ts,tsx}',
    ],
    ignores: ['src/App.tsx', 'src/main.tsx', 'src/vite-env.d.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message:
            'A file of the window goes in the folder of its layer (ui, platform, state, features/<domain>, screens, shell): docs/architecture.md#the-windows-layers.',
        },
      ],
    },
  },
);
