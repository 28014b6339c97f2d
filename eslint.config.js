import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Workspaces meet only through their packages' entry points (issue 17): a relative path into
// another workspace's src/ (or its test/ or e2e/ helpers) would let its internals leak past the
// boundary.
const otherWorkspaceSrc = {
  regex: '^(\\.\\./)+(packages/[\\w-]+|sync-server|web)/(src|test|e2e)(/|$)',
  message:
    'Import the workspace by its package name (@popote/…), never through its src/, test/ or e2e/ folder.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '**/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherWorkspaceSrc] }] },
  },
  {
    // Screens read through the live-query hooks and write through useMutate: they never
    // build a store over the local database themselves.
    files: ['web/src/screens/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            otherWorkspaceSrc,
            {
              group: ['**/sync/dexie-store'],
              message: 'Screens read with useLocalQuery (src/sync/useLocal.ts), never a store.',
            },
          ],
          paths: [
            {
              name: '@popote/sync-client',
              importNames: ['DexieStore'],
              message: 'Screens read with useLocalQuery (src/sync/useLocal.ts), never a store.',
            },
          ],
        },
      ],
    },
  },
);
