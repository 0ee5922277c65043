import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

const root = join(__dirname, '..', '..');

// One eslint process lints every probe (its Node API is ES modules, which this CommonJS test cannot load itself).
const probes: Record<string, { path: string; code: string }> = {
  componentFromFeature: { path: 'src/features/home/Probe.ts', code: "import BudgetListPage from '../budgets/BudgetListPage';\nexport const page = BudgetListPage;\n" },
  componentFromSubfolder: { path: 'src/features/transactions/import/Probe.ts', code: "import { BankAccountDialog } from '../../setup/BankAccountDialog';\nexport const d = BankAccountDialog;\n" },
  publicFaces: {
    path: 'src/features/home/Probe.ts',
    code: [
      "import { useGetBudgetsQuery } from '../budgets/budgetsApi';",
      "import { AllocationTransactionsDialog } from '../budgets';",
      "import { ReconcileDialog } from '../reconcile';",
      "import { ActivityList } from '../activity';",
      "import { HomePage } from './HomePage';",
      "import { Money } from '../../components/Money';",
      'export const all = [useGetBudgetsQuery, AllocationTransactionsDialog, ReconcileDialog, ActivityList, HomePage, Money];',
    ].join('\n'),
  },
  featureFromComponents: { path: 'src/components/Probe.ts', code: "import { useGetBudgetsQuery } from '../features/budgets/budgetsApi';\nexport const q = useGetBudgetsQuery;\n" },
  featureFromShared: { path: 'src/shared/Probe.ts', code: "import HomePage from '../features/home/HomePage';\nexport const p = HomePage;\n" },
  featureFromPlatform: { path: 'src/platform/Probe.ts', code: "import HomePage from '../features/home/HomePage';\nexport const p = HomePage;\n" },
  compositionFromPlatform: { path: 'src/platform/Probe.ts', code: "import { setupStore } from '../app/store';\nexport const s = setupStore;\n" },
  compositionFromFeature: { path: 'src/features/home/Probe.ts', code: "import { routes } from '../../app/router';\nexport const r = routes;\n" },
  storeTypesFromBelow: {
    path: 'src/features/home/Probe.ts',
    code: "import type { RootState } from '../../app/store';\nimport { paths } from '../../platform/paths';\nexport type S = RootState;\nexport const p = paths;\n",
  },
};
const linter = `
  import { ESLint } from 'eslint';
  const probes = JSON.parse(process.argv[1]);
  const eslint = new ESLint();
  const out = {};
  for (const [name, { path, code }] of Object.entries(probes)) {
    const [result] = await eslint.lintText(code, { filePath: path });
    out[name] = result.messages.filter((m) => (m.ruleId ?? '').endsWith('no-restricted-imports')).map((m) => m.message);
  }
  console.log(JSON.stringify(out));
`;
let layeringErrors: Record<string, string[]>;
beforeAll(() => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', linter, JSON.stringify(probes)], { cwd: root, encoding: 'utf8' });
  layeringErrors = JSON.parse(output) as Record<string, string[]>;
}, 120_000);

describe('feature folders import downward only (eslint)', () => {
  it("fails on an import of another feature's component, from a feature folder and from one of its subfolders", () => {
    expect(layeringErrors.componentFromFeature).toEqual([expect.stringContaining("Another feature's inside")]);
    expect(layeringErrors.componentFromSubfolder).toEqual([expect.stringContaining("Another feature's inside")]);
  });

  it("accepts another feature's endpoints and public index, and the feature's own files", () => {
    expect(layeringErrors.publicFaces).toEqual([]);
  });

  it('fails on a feature imported by src/components, src/platform or src/shared', () => {
    expect(layeringErrors.featureFromComponents).toEqual([expect.stringContaining('sit below the features')]);
    expect(layeringErrors.featureFromShared).toEqual([expect.stringContaining('sit below the features')]);
     expect(layeringErrors.featureFromPlatform).toEqual([expect.stringContaining('sit below the features')]);
  });

  it('fails on src/app (the composition) imported from below it, except the store\'s types', () => {
    expect(layeringErrors.compositionFromPlatform).toEqual([expect.stringContaining('src/app composes the areas')]);
    expect(layeringErrors.compositionFromFeature).toEqual([expect.stringContaining('src/app composes the areas')]);
    expect(layeringErrors.storeTypesFromBelow).toEqual([]);
  });
});

/** Every file under a folder, relative to the repository. */
const filesUnder = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );

describe('the features as they are', () => {
  const features = join('src', 'features');
  // feature -> the features it imports something other than endpoints from
  const uses = new Map<string, Set<string>>();
  for (const file of filesUnder(features)) {
    const feature = relative(features, file).split(sep)[0];
    for (const [, spec] of readFileSync(join(root, file), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = relative(features, normalize(join(dirname(file), spec))).split(sep);
      if (target[0] === '..' || target[0] === feature || /Api$/.test(target[target.length - 1])) continue;
      uses.set(feature, (uses.get(feature) ?? new Set()).add(target[0]));
    }
  }

  it('no two features use each other (beyond the endpoints every area may query)', () => {
    const bothWays = [...uses].flatMap(([a, used]) => [...used].filter((b) => uses.get(b)?.has(a)).map((b) => `${a} <-> ${b}`));
    expect(bothWays).toEqual([]);
  });

  it('reads the imports it judges (the scan sees the public faces in use)', () => {
    expect(uses.get('home')).toEqual(new Set(['activity', 'guide', 'schedules']));
    expect(uses.get('special-events')).toContain('budgets');
  });
});

describe('migrations import no application code', () => {
  const folder = join('server', 'db', 'migrations');
  const files = filesUnder(folder);
  const isMigration = (file: string) => /^\d{4}_/.test(relative(folder, file));
  const importsOf = (file: string) => [...readFileSync(join(root, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]);

  it('a migration imports only kysely and the helpers of its own folder, which import only kysely and each other', () => {
    const helpers = new Set(files.filter((file) => !isMigration(file)).map((file) => `./${relative(folder, file).replace(/\.ts$/, '')}`));
    const wrong = files.flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec !== 'kysely' && !helpers.has(spec))
        .map((spec) => `${relative(folder, file)} imports ${spec}`),
    );
    expect(wrong).toEqual([]);
  });

  it('reads the imports it judges (the scan sees every migration and its helpers in use)', () => {
    expect(files.filter(isMigration).length).toBeGreaterThanOrEqual(14);
    expect(importsOf(join(folder, '0008_opening_date.ts'))).toEqual(['kysely', './dates', './dialect']);
  });
});
