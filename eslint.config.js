import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// Workspaces meet only through their packages' entry points (issue 17): a relative path into
// another workspace's src/ (or its test/ or e2e/ helpers) would let its internals leak past the
// boundary.
const otherWorkspaceSrc = {
  regex: '^(\\.\\./)+(packages/[\\w-]+|sync-server|web)/(src|test|e2e)(/|$)',
  message:
    'Import the workspace by its package name (@popote/…), never through its src/, test/ or e2e/ folder.',
};

const screensDir = resolve(dirname(fileURLToPath(import.meta.url)), 'web/src/screens');

/**
 * Screens share through layers, never through each other (issue 31): a file under
 * web/src/screens/<A>/ may not import from web/src/screens/<B>/. What two screens share lives in
 * src/data/ (live reads), src/navigation/ (addresses), src/components/, src/strings/ or the
 * domain. The import is resolved against the file, so '../wizard/…' inside agenda/ passes and
 * '../order/…' from kitchen/ does not.
 */
const screenBoundary = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      otherScreen:
        "The screen '{{own}}' imports from the screen '{{other}}': move what they share to src/data/, src/navigation/, src/components/, src/strings/ or the domain.",
    },
  },
  create(context) {
    const own = relative(screensDir, context.filename).split(sep);
    if (own.length < 2 || own[0] === '..' || isAbsolute(own[0])) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = relative(screensDir, resolve(dirname(context.filename), source.value));
      const other = target.split(sep)[0];
      if (target === '' || other === '..' || isAbsolute(target) || other === own[0]) return;
      context.report({ node: source, messageId: 'otherScreen', data: { own: own[0], other } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
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
    plugins: { popote: { rules: { 'screen-boundary': screenBoundary } } },
    rules: {
      'popote/screen-boundary': 'error',
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
