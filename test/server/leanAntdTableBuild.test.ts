import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';

// The build's own plugin and configuration (webpack.config.js), CommonJS.
/* eslint-disable @typescript-eslint/no-require-imports */
const { LeanAntdTablePlugin } = require('../../scripts/leanAntdTable') as {
  LeanAntdTablePlugin: new (options?: { copied?: Record<string, Record<string, string>> }) => webpack.WebpackPluginInstance;
};
const makeConfig = require('../../webpack.config.js') as (env: unknown, argv: { mode: string }) => Configuration;
/* eslint-enable @typescript-eslint/no-require-imports */

const root = path.resolve(__dirname, '../..');
const standIns = path.join(root, 'src', 'components', 'leanTable');
/**
 * What the lean table turns off, by the folders antd and its components keep them in (the pagination's words
 * stay: antd's English locale, which the table reads for its own, holds them), and antd's theme and style
 * runtime (cssinjs, stylis, the theme's algorithm, the table's and the empty text's styles): their CSS is
 * written at build time.
 */
const LEFT_OUT =
  /node_modules[\\/](antd[\\/]es[\\/](pagination|spin|dropdown|tree|tooltip|checkbox|radio|menu|select|empty|grid|theme|table[\\/]style)[\\/]|@rc-component[\\/](trigger|virtual-list|tree|select|dropdown|menu)[\\/]|@rc-component[\\/]pagination[\\/](?!es[\\/]locale[\\/])|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)[\\/]|stylis[\\/])/;

/** The default copied files and stand-ins, read back from a plugin instance. */
const defaultCopied = () => (new LeanAntdTablePlugin() as unknown as { copied: Record<string, Record<string, string>> }).copied;

/**
 * Builds, with the app's module rules and resolution, a file at the place of the budget detail's
 * `budgetTable.tsx` that imports `antd/lib/table` as it does, and answers the names of the modules built.
 */
async function buildLeanTable(plugin = new LeanAntdTablePlugin()): Promise<string[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'everycent-lean-table-'));
  try {
    const issuer = path.join(folder, 'src', 'features', 'budgets', 'budgetTable.tsx');
    fs.mkdirSync(path.dirname(issuer), { recursive: true });
    fs.writeFileSync(issuer, "import Table from 'antd/lib/table';\n// Used, so that the build keeps it.\n(globalThis as Record<string, unknown>).budgetTable = [Table, Table.Summary];\n");
    // The app's compiler settings for this file and the stand-ins (ts-loader reads the tsconfig nearest the entry).
    fs.writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify({ extends: path.join(root, 'tsconfig.json'), include: [`${folder}/src`, standIns] }));
    const app = makeConfig({}, { mode: 'production' });
    const compiler = webpack({
      mode: 'production',
      context: folder,
      entry: { table: issuer },
      output: { path: path.join(folder, 'dist') },
      module: app.module,
      resolve: { ...app.resolve, modules: [path.join(root, 'node_modules')] },
      resolveLoader: { modules: [path.join(root, 'node_modules')] },
      experiments: { layers: true },
      optimization: { minimize: false, concatenateModules: false },
      devtool: false,
      plugins: [plugin],
    });
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      compiler.run((error, result) => compiler.close(() => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result)))),
    );
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    // Modules left out of every chunk (what tree shaking dropped) are not listed.
    const modules = stats.toJson({ all: false, modules: true, orphanModules: false }).modules ?? [];
    return modules.map((module) => module.nameForCondition ?? module.name ?? '');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe("the budget detail's lean antd Table (scripts/leanAntdTable.js)", () => {
  jest.setTimeout(240_000);

  it('uses every stand-in and builds none of what the budget tables turn off', async () => {
    const modules = await buildLeanTable();
    const standInFiles = new Set(Object.values(defaultCopied()).flatMap((imports) => Object.values(imports)));
    for (const standIn of standInFiles) {
      expect(modules.some((module) => module.startsWith(path.join(standIns, standIn)))).toBe(true);
    }
    expect(modules.filter((module) => LEFT_OUT.test(module))).toEqual([]);
    // antd's table itself is there, from its ES build.
    expect(modules.some((module) => /antd[\\/]es[\\/]table[\\/]InternalTable\.js$/.test(module))).toBe(true);
  });

  it('fails the build when antd no longer has an import it stands in for', async () => {
    const copied = defaultCopied();
    const renamed = { ...copied, 'table/InternalTable.js': { ...copied['table/InternalTable.js'], '../pagination-renamed': 'Nothing' } };
    await expect(buildLeanTable(new LeanAntdTablePlugin({ copied: renamed }))).rejects.toThrow(
      /no longer has the import of "\.\.\/pagination-renamed" in antd\/es\/table\/InternalTable\.js/,
    );
  });

  it('fails the build when antd no longer has a file it copies', async () => {
    const renamed = { ...defaultCopied(), 'table/RenamedTable.js': {} };
    await expect(buildLeanTable(new LeanAntdTablePlugin({ copied: renamed }))).rejects.toThrow(/antd\/es\/table\/RenamedTable\.js \(never imported\)/);
  });
});
