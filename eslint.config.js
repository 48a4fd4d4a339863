import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server's layers and module boundaries (ARCHITECTURE, docs/decisions/0044). One combined
 * pattern list per file category: in flat config a later object's options for the same rule
 * replace the earlier ones, so the categories below never overlap (each ignores the others).
 */
const SQL_ONLY_IN_REPOSITORIES = {
  regex: '^drizzle-orm(/|$)',
  message: 'SQL lives in repositories and db/: call a repository (from a service), not drizzle-orm.',
};
const OTHER_MODULE_REPOSITORY = {
  regex: '^\\.\\./[^/.][^/]*/[^/]+\\.repository(\\.|$)',
  message: "Another module's repository is its own: call a function of that module's service instead.",
};
const OTHER_MODULE_ROUTES = {
  regex: '^\\.\\./[^/.][^/]*/[^/]+\\.routes(\\.|$)',
  message: "Another module's routes are HTTP only: move what you need into that module's service and call it.",
};
const ROUTE_LAYER = [
  {
    regex: '(^|/)db/',
    message:
      'Routes do not touch the database: call one use case of the service, which opens the transaction (withTenant) itself; take the deps type from http/app-deps.',
  },
  {
    regex: '^(drizzle-orm|postgres|pg|@electric-sql/[^/]+)(/|$)',
    message: 'Routes do not touch the database: parse the input, call one use case of the service, shape the reply.',
  },
  {
    regex: '\\.repository(\\.|$)',
    message: "Routes do not call repositories: call the module's service (use case), which owns the transaction.",
  },
  OTHER_MODULE_ROUTES,
];
const REPOSITORY_LAYER = [
  {
    regex: '\\.(service|routes)(\\.|$)',
    message: 'A repository is the bottom layer (SQL only): services and routes call it, never the other way.',
  },
  {
    // Use cases live in verb-first files (create-order.ts, run-import.ts): a repository never calls one.
    regex:
      '^\\.\\.?/(?:[^/]+/)*(?:add|apply|assign|change|check|create|delete|hand|move|poll|prepare|record|remove|restore|run|send|set|start|sync|update)-[^/]*$',
    message: 'A repository is the bottom layer (SQL only): it never calls a use case; the use case calls it.',
  },
  // (Any routes file is refused above: no second pattern for another module's, one message per import.)
  OTHER_MODULE_REPOSITORY,
];
const SERVER_LAYER = [SQL_ONLY_IN_REPOSITORIES, OTHER_MODULE_REPOSITORY, OTHER_MODULE_ROUTES];
const ROUTES = 'apps/server/src/**/*.routes.ts';
const REPOSITORIES = 'apps/server/src/**/*.repository.ts';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/data/**', 'coverage/**', 'e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [ROUTES, REPOSITORIES, 'apps/server/src/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_LAYER }] },
  },
  {
    files: [ROUTES],
    rules: { 'no-restricted-imports': ['error', { patterns: ROUTE_LAYER }] },
  },
  {
    files: [REPOSITORIES],
    rules: { 'no-restricted-imports': ['error', { patterns: REPOSITORY_LAYER }] },
  },
);
