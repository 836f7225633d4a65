// Lint keeps the shapes of decision 0017/0018 and the architecture guide: import boundaries
// between the layers, small files, no focused or skipped tests. Formatting is prettier's job.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];
const group = (group, message) => ({ group, message });

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'data/**',
      'node_modules/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The codebase uses `any` only at the edges (zod inference, driver rows); keep it visible, not fatal.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['server/**/*.ts', 'app/**/*.{ts,tsx}'],
    ignores: ['app/i18n/*.ts', 'server/i18n/api/*.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The domain knows nothing of HTTP, frameworks, configuration, language catalogues or jobs.
    files: ['server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(
          ['**/api/**', '**/api', '**/http/**', '**/jobs/**', '**/cli/**', '**/config', '**/i18n/**'],
          'The domain imports no api/http/jobs/cli/config/i18n module.',
        ),
        group(
          ['hono', 'hono/*', '@hono/*', '@remix-run/*', 'react', 'react-dom', 'pino'],
          'The domain imports no framework.',
        ),
      ]),
    },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(['**/domain/**', '**/api/**', '**/http/**'], 'The database layer knows no domain or edge.'),
      ]),
    },
  },
  {
    // The one enhancement script runs in the payer's browser.
    files: ['app/enhance/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Payer pages and components reach the server only through the bridge, app/.server (each
    // step's presenter, form schema and command), and the language list through app/i18n.
    files: ['app/routes/**/*.{ts,tsx}', 'app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        group(['**/server/**'], 'Pages import only app/.server, app/components and app/i18n.'),
      ]),
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['describe', 'it', 'test'].flatMap((object) =>
          ['only', 'skip', 'todo'].map((property) => ({
            object,
            property,
            message: 'No focused, skipped or pending tests.',
          })),
        ),
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
