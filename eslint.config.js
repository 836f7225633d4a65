// Lint keeps the shapes of decision 0017/0018 and the architecture guide: import boundaries
// between the layers, a warning on long files, no focused or skipped tests. Formatting is prettier's job.
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
    // A long file is worth a look, not a reason to split a feature (decision 0072): a warning past
    // 400 lines. The translation tree (i18n/: catalogues and legal texts) is outside: they are as
    // long as what they say.
    files: ['server/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Stock drivers (decision 0067): no driver's underscore members or private methods, which a
    // minor release may change silently. Our own code has no such names either.
    files: ['server/**/*.ts', 'app/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['MemberExpression[property.name=/^_[a-zA-Z]/]', 'MemberExpression[property.value=/^_[a-zA-Z]/]'].map(
          (selector) => ({ selector, message: "No underscore members: a driver's internals are not its API." }),
        ),
      ],
    },
  },
  {
    // The domain knows nothing of HTTP, frameworks, configuration, message catalogues or jobs. Of
    // the translation tree it takes the language list and the schemes' legal texts (decision 0070).
    files: ['server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(
          ['**/api/**', '**/api', '**/http/**', '**/jobs/**', '**/cli/**', '**/config'],
          'The domain imports no api/http/jobs/cli/config module.',
        ),
        group(
          ['**/i18n/*', '!**/i18n/languages', '!**/i18n/mandate', '**/i18n/*/**'],
          'Of i18n/ the domain imports only i18n/languages and i18n/mandate.',
        ),
        group(
          ['hono', 'hono/*', '@hono/*', '@remix-run/*', 'react', 'react-dom', 'pino'],
          'The domain imports no framework.',
        ),
      ]),
    },
  },
  {
    // The translation tree is a leaf the server and the pages both import: it imports neither.
    files: ['i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        group(['**/server/**', '**/app/**', '~/*'], 'The translation tree imports nothing of server/ or app/.'),
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
    // step's presenter, form schema and command); their words come from the tree, i18n/.
    files: ['app/routes/**/*.{ts,tsx}', 'app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        group(['**/server/**'], 'Pages import only app/.server, app/components and i18n/.'),
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
