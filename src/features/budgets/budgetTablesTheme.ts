// antd's theme context alone, not the barrel's ConfigProvider (the build reads these as antd/es: scripts/leanAntdTable.js).
import { defaultTheme, type DesignTokenProviderProps } from 'antd/lib/theme/context';
import defaultSeedToken from 'antd/lib/theme/themes/seed';
import { antdTheme } from '../../components/antdThemeConfig';

const token = { ...defaultSeedToken, ...antdTheme.token };
const components = { ...antdTheme.components };

/**
 * The value antd's ConfigProvider gives its theme context for `antdTheme` (antd 6.6: the default algorithm, CSS
 * variables under a key of their own): the theme scripts/budgetTablesStyle.tsx writes the budget tables'
 * stylesheet (budgetTables.antd.css) and classes in. The page itself computes none of it.
 */
export const budgetTablesTheme: DesignTokenProviderProps = {
  hashed: true,
  theme: defaultTheme,
  token,
  components,
  override: { override: token, ...components },
  cssVar: { prefix: 'ant', key: 'css-var-budget-tables' },
};
