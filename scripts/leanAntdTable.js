const path = require('node:path');

/**
 * A second, lean copy of antd's Table for the budget detail (issue 30; docs/grids.md), so that its first paint
 * loads antd's table and theme but not what the budget's tables turn off. antd's InternalTable imports the
 * sorter (Tooltip), filter (Dropdown, Menu, Tree, Checkbox, Radio, Input), selection, pagination (Select),
 * spinner and virtual table whether a table uses them or not; about half of what antd's Table weighs.
 *
 * `src/features/budgets/budgetTable.tsx` imports `antd/lib/table` (what jest reads); the build reads that one
 * import as `antd/es/table` in a layer of its own (webpack layers make separate module instances), and in that
 * layer antd's table files alone are copied: their imports of those features get the stand-ins in
 * `src/components/leanTable/`, everything else they import (React, antd's theme and config, rc-table) goes back
 * to the ordinary layer and is shared with the rest of the app. Every other screen keeps antd's full Table.
 */
const LAYER = 'lean-antd-table';
const NAME = 'LeanAntdTablePlugin';
const ISSUER = /[\\/]src[\\/]features[\\/]budgets[\\/]budgetTable\.tsx$/;
/** antd's table files that import the features (the rest of antd/es/table is shared). */
const COPIED = /[\\/]antd[\\/]es[\\/]table[\\/](index|Table|InternalTable|hooks[\\/]useFilledColumns)\.js$/;
const stubs = path.resolve(__dirname, '../src/components/leanTable');
/** InternalTable's (and Table's) imports of the features turned off, and their stand-ins. */
const STAND_INS = {
  '../pagination': 'Nothing',
  '../spin': 'Spin',
  './hooks/useFilter': 'useFilter',
  './hooks/useSelection': 'useSelection',
  './useSelection': 'useSelection',
  './hooks/useSorter': 'useSorter',
  './RcTable/VirtualTable': 'Nothing',
};

class LeanAntdTablePlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap(NAME, (factory) => {
      factory.hooks.beforeResolve.tap(NAME, (data) => {
        const { issuer = '', issuerLayer } = data.contextInfo;
        if (data.request === 'antd/lib/table' && ISSUER.test(issuer)) data.request = 'antd/es/table';
        else if (issuerLayer === LAYER && COPIED.test(issuer) && STAND_INS[data.request]) data.request = path.join(stubs, STAND_INS[data.request]);
      });
      factory.hooks.afterResolve.tap(NAME, (data) => {
        const { issuer = '', issuerLayer } = data.contextInfo;
        const resource = data.createData.resource ?? '';
        const copied = COPIED.test(resource) && (issuerLayer === LAYER || ISSUER.test(issuer));
        if (copied) data.createData.layer = LAYER;
        else if (issuerLayer === LAYER) data.createData.layer = null;
      });
    });
  }
}

module.exports = { LeanAntdTablePlugin };
