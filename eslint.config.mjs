import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typedHooksOnly = { name: 'react-redux', importNames: ['useSelector', 'useDispatch', 'useStore'], message: 'Use the typed hooks from src/app/hooks.ts.' };

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
      'no-restricted-imports': [
        'error',
        {
          paths: [
            typedHooksOnly,
            { name: 'antd', importNames: ['Modal'], message: 'Use Dialog from src/components/Dialog.tsx (it opens with the focus in the first field).' },
          ],
        },
      ],
    },
  },
  { files: ['src/app/hooks.ts', 'src/components/Dialog.tsx', 'src/components/confirmDialog.ts'], rules: { 'no-restricted-imports': 'off' } },
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
);
