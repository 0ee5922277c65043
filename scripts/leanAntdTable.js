const path = require('node:path');

/**
 * A second, lean copy of antd's Table for the budget detail (issue 30; docs/grids.md), so that its first paint
 * loads antd's table and theme but not what the budget's tables turn off. antd's InternalTable imports the
 * sorter (Tooltip), filter (Dropdown, Menu, Tree, Checkbox, Radio, Input), selection, pagination (Select),
 * spinner, virtual table and the whole ConfigProvider (its shared tooltip popup, motion, locale) whether a table
 * uses them or not; about half of what antd's Table weighs.
 *
 * `src/features/budgets/budgetTable.tsx` imports `antd/lib/table` (what jest reads); the build reads that one
 * import as `antd/es/table` in a layer of its own (webpack layers make separate module instances), and in that
 * layer antd's files listed in COPIED alone are copied: their imports of those features get the stand-ins in
 * `src/components/leanTable/`, everything else they import (React, antd's theme and config, rc-table) goes back
 * to the ordinary layer and is shared with the rest of the app. Every other screen keeps antd's full Table.
 * The app's other imports of `antd/lib/...` (the budget tables' theme) are read as `antd/es/...`: one instance
 * of antd's contexts.
 *
 * A build that finds the lean table but not every file and import below fails (antd renamed one): without the
 * check, the copy silently stops being lean (test/server/leanAntdTableBuild.test.ts).
 */
const LAYER = 'lean-antd-table';
const NAME = 'LeanAntdTablePlugin';
const ISSUER = /[\\/]src[\\/]features[\\/]budgets[\\/]budgetTable\.tsx$/;
/** The app's own files: their imports of antd's CommonJS build (what jest reads) are read as its ES build. */
const appSource = path.resolve(__dirname, '../src') + path.sep;
const ANTD_ES = /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+)$/;
const standInFolder = path.join(appSource, 'components', 'leanTable');

/** antd's files copied into the layer (under antd/es), each with its imports of the features turned off and their stand-ins. */
const COPIED = {
  'table/index.js': {},
  'table/Table.js': { './hooks/useSelection': 'useSelection' },
  'table/InternalTable.js': {
    '../config-provider': 'ConfigProvider',
    '../config-provider/defaultRenderEmpty': 'DefaultRenderEmpty',
    '../grid/hooks/useBreakpoint': 'useBreakpoint',
    '../theme/internal': 'useToken',
    './style': 'useTableStyle',
    '../pagination': 'Nothing',
    '../spin': 'Spin',
    './hooks/useFilter': 'useFilter',
    './hooks/useSelection': 'useSelection',
    './hooks/useSorter': 'useSorter',
    './RcTable/VirtualTable': 'Nothing',
  },
  'table/hooks/useFilledColumns.js': { './useSelection': 'useSelection' },
};

/** The copied file (its key in COPIED) a resource is, if it is one. */
function copiedFile(resource, copied) {
  const match = ANTD_ES.exec(resource ?? '');
  const file = match?.[1].split(path.sep).join('/');
  return file && Object.hasOwn(copied, file) ? file : undefined;
}

class LeanAntdTablePlugin {
  /** @param {{ copied?: Record<string, Record<string, string>> }} [options] the files and stand-ins (tests change them) */
  constructor(options = {}) {
    this.copied = options.copied ?? COPIED;
  }

  apply(compiler) {
    const copied = this.copied;
    compiler.hooks.thisCompilation.tap(NAME, (compilation, { normalModuleFactory: factory }) => {
      let leanTableAsked = false;
      const filesFound = new Set();
      const standInsUsed = new Set();
      factory.hooks.beforeResolve.tap(NAME, (data) => {
        const { issuer = '', issuerLayer } = data.contextInfo;
        if (data.request === 'antd/lib/table' && ISSUER.test(issuer)) {
          leanTableAsked = true;
          data.request = 'antd/es/table';
        } else if (data.request.startsWith('antd/lib/') && issuer.startsWith(appSource)) {
          // One instance of antd's contexts (the theme's, read by the lean table) whichever build a file names.
          data.request = `antd/es/${data.request.slice('antd/lib/'.length)}`;
        } else if (issuerLayer === LAYER) {
          const file = copiedFile(issuer, copied);
          const standIn = file && copied[file][data.request];
          if (standIn) {
            standInsUsed.add(`${file} ${data.request}`);
            data.request = path.join(standInFolder, standIn);
          }
        }
      });
      factory.hooks.afterResolve.tap(NAME, (data) => {
        const { issuer = '', issuerLayer } = data.contextInfo;
        const file = copiedFile(data.createData.resource, copied);
        if (file && (issuerLayer === LAYER || ISSUER.test(issuer))) {
          filesFound.add(file);
          data.createData.layer = LAYER;
        } else if (issuerLayer === LAYER) data.createData.layer = null;
      });
      compilation.hooks.finishModules.tap(NAME, () => {
        if (!leanTableAsked) return;
        const missing = Object.entries(copied).flatMap(([file, standIns]) => [
          ...(filesFound.has(file) ? [] : [`antd/es/${file} (never imported)`]),
          ...Object.keys(standIns)
            .filter((request) => !standInsUsed.has(`${file} ${request}`))
            .map((request) => `the import of "${request}" in antd/es/${file}`),
        ]);
        if (missing.length > 0) {
          throw new Error(`${NAME}: antd no longer has ${missing.join('; ')}. The lean table would load what it leaves out: update scripts/leanAntdTable.js.`);
        }
      });
    });
  }
}

module.exports = { LeanAntdTablePlugin, LAYER };
