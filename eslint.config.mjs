import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typedHooksOnly = { name: 'react-redux', importNames: ['useSelector', 'useDispatch', 'useStore'], message: 'Use the typed hooks from src/platform/hooks.ts.' };
const antdModal = { name: 'antd', importNames: ['Modal'], message: 'Use Dialog from src/components/Dialog.tsx (it opens with the focus in the first field).' };

// Layering (shared <- components, platform <- features <- app): a feature reaches another feature only through its public
// index.ts or its <area>Api.ts (the endpoints every area may query); anything two features need goes to
// src/components. `up` is how many `../` lead from the file's folder to src/features.
const anotherFeature = (up) => ({
  regex: `^${'\\.\\./'.repeat(up)}[^./][^/]*/(?![^/]*Api$).+`,
  message: "Another feature's inside: import its index.ts or its <area>Api.ts, or move the shared piece to src/components.",
});
const noFeatures = { regex: '(^|/)features/', message: 'src/components, src/platform and src/shared sit below the features: they import none.' };
const restricted = (...patterns) => ['error', { paths: [typedHooksOnly, antdModal], patterns }];
// src/app composes the areas (store, router, shell, start): nothing below it imports it, except the store's types
// that Redux's typed hooks and selectors are written with.
const noComposition = [
  'error',
  { patterns: [{ regex: '(^|/)app/', allowTypeImports: true, message: 'src/app composes the areas and sits above them: import from src/platform (only the store\'s types may come from src/app).' }] },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': restricted(),
    },
  },
  { files: ['src/features/*/*.ts', 'src/features/*/*.tsx'], rules: { 'no-restricted-imports': restricted(anotherFeature(1)) } },
  { files: ['src/features/*/*/*.ts', 'src/features/*/*/*.tsx'], rules: { 'no-restricted-imports': restricted(anotherFeature(2)) } },
  { files: ['src/components/**', 'src/shared/**', 'src/platform/**'], rules: { 'no-restricted-imports': restricted(noFeatures) } },
  { files: ['src/features/**', 'src/components/**', 'src/shared/**', 'src/platform/**'], rules: { '@typescript-eslint/no-restricted-imports': noComposition } },
  { files: ['src/platform/hooks.ts', 'src/components/Dialog.tsx', 'src/components/confirmDialog.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Tests may clear antd's imperative dialogs between cases (Modal.destroyAll); the typed-hooks rule still holds.
  {
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [typedHooksOnly] },
      ],
    },
  },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // No import circles in the client: a module that two others need goes below both (its own module).
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
