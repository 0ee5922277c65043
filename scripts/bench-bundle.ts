/**
 * Bundle size benchmark: gzip size of the JavaScript a browser needs
 *   1. before the login page can show (the script tags of dist/index.html and whatever they load first), and
 *   2. to show the current budget's detail page: every chunk holding the code of the shell, the current budget
 *      and the budget detail, the chunks loaded with each (their vendor parts) and, up the chunk graph, every chunk
 *      that loads before them; then, for information, the chunks those pages load only when asked (dialogs);
 *   3. the light quick-add page for phones (the script tags of dist/quick-add.html: its own entry);
 * following the chunk graph in webpack's stats. Exits non-zero when (1), (2) or (3) exceeds its hard limit.
 *
 *   npm run bench:bundle                 production build into dist/, then measure
 *   npm run bench:bundle -- --reuse-dist measure the existing dist/ (needs the stats a previous run saved)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack, { type Configuration, type StatsCompilation } from 'webpack';
import { INLINE_SCRIPT } from '../server/plugins/staticClient';

const LOGIN_TARGET_KB = 120;
const LOGIN_LIMIT_KB = 150;
const DETAIL_TARGET_KB = 250;
/**
 * Issue 48's goal: at most 220 KB of JavaScript to show the budget (a phone's cold load), the head start included.
 * 218.3 KB once the guide's next step and the transactions and envelopes drafts left the first paint's code;
 * 188.1 KB once the budget tables' theme and styles were written at build time. The limit keeps that won.
 */
const DETAIL_LIMIT_KB = 200;
/** Issue 20: the quick-add page loads only what it needs, at most 60 KB. */
const QUICK_ADD_TARGET_KB = 60;
/** The code on screen when the current budget shows: the shell, the page that finds it, the detail page. */
const DETAIL_MODULES = ['src/app/Shell.tsx', 'src/features/budgets/CurrentBudgetPage.tsx', 'src/features/budgets/BudgetDetailPage.tsx', 'src/features/budgets/AllocationsTable.tsx'];
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const statsFile = path.join(root, 'node_modules', '.cache', 'everycent', 'bundle-stats.json');

type Chunk = NonNullable<StatsCompilation['chunks']>[number];
type Module = NonNullable<StatsCompilation['modules']>[number];

async function build(): Promise<StatsCompilation> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS
  const makeConfig = require(path.join(root, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Configuration;
  const config = { ...makeConfig({}, { mode: 'production' }), mode: 'production' as const, devtool: false as const };
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(config, (error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result))),
  );
  if (stats.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true }));
    throw new Error('The production build failed.');
  }
  const json = stats.toJson({
    all: false,
    assets: true,
    chunks: true,
    chunkRelations: true,
    chunkGroups: true,
    chunkOrigins: true,
    entrypoints: true,
    ids: true,
    hash: true,
    modules: true,
    nestedModules: true,
    modulesSpace: Infinity,
    nestedModulesSpace: Infinity,
  });
  mkdirSync(path.dirname(statsFile), { recursive: true });
  writeFileSync(statsFile, JSON.stringify(json));
  return json;
}

function loadSavedStats(): StatsCompilation {
  if (!existsSync(statsFile)) throw new Error(`No saved stats (${statsFile}): run without --reuse-dist once.`);
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as StatsCompilation;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = (stats.namedChunkGroups?.main?.assets ?? []).map((asset) => asset.name);
  if (!entryFiles.every((file) => !file.endsWith('.js') || html.includes(file))) {
    throw new Error('dist/ was built after the saved stats: run without --reuse-dist.');
  }
  return stats;
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The scripts a built page names (they are all it waits for). */
const scriptsOf = (page: string) => [...readFileSync(path.join(dist, page), 'utf8').matchAll(/<script[^>]*\bsrc="?([^"\s>]+)"?/g)].map((match) => match[1]);

/** The gzip size of the scripts a built page carries inline (index.html's head start, the light quick-add page's own). */
const inlineScriptBytes = (page: string) =>
  [...readFileSync(path.join(dist, page), 'utf8').matchAll(INLINE_SCRIPT)].reduce((sum, match) => sum + gzipSync(match[1], { level: 9 }).length, 0);

const jsFiles = (files: Iterable<string>) => [...new Set(files)].filter((file) => file.endsWith('.js'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title: string, files: string[]): number {
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`\n${title}: ${kb(total)} gzip`);
  for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  return total;
}

/** The chunks holding a module (looked up inside concatenated modules too). */
function chunksOf(modules: Module[], file: string): (string | number)[] {
  const holds = (module: Module): boolean => (module.name ?? '').replace(/^\.\//, '') === file || (module.modules ?? []).some(holds);
  return modules.filter(holds).flatMap((module) => module.chunks ?? []);
}

/** The chunks that must have loaded for these to run: each chunk, its siblings (loaded with it) and its parents, up to the entry. */
function loadedWith(chunks: Chunk[], start: (string | number)[]): Set<Chunk> {
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]));
  const needed = new Set<Chunk>();
  const visit = (id: string | number) => {
    const chunk = byId.get(id);
    if (!chunk || needed.has(chunk)) return;
    needed.add(chunk);
    for (const sibling of chunk.siblings ?? []) visit(sibling);
    for (const parent of chunk.parents ?? []) visit(parent);
  };
  start.forEach(visit);
  return needed;
}

async function main() {
  const reuse = process.argv.includes('--reuse-dist');
  const stats = reuse ? loadSavedStats() : await build();

  // (1) The login page renders from the entry's scripts alone (the router and everything after it load on
  // demand), so the scripts index.html names are all it waits for.
  const loginFiles = jsFiles(scriptsOf('index.html'));
  const headStart = inlineScriptBytes('index.html');
  const login = report('Login page (initial JS)', loginFiles) + headStart;
  console.log(`  ${kb(headStart).padStart(9)}  inline in index.html: the head start (in all: ${kb(login)})`);

  // (2) Budget detail: the chunks of the code on screen, with everything that loads with or before them.
  const modules = stats.modules ?? [];
  const chunks = stats.chunks ?? [];
  const start = DETAIL_MODULES.flatMap((file) => {
    const found = chunksOf(modules, file);
    if (found.length === 0) throw new Error(`${file} is in no chunk of the build: update DETAIL_MODULES.`);
    return found;
  });
  const needed = loadedWith(chunks, start);
  const detailFiles = jsFiles([...loginFiles, ...[...needed].flatMap((chunk) => chunk.files ?? [])]);
  const detail = report('Budget detail page (all JS to show it)', detailFiles) + headStart;
  console.log(`  ${kb(headStart).padStart(9)}  inline in index.html: the head start (in all: ${kb(detail)})`);

  // (3) What those pages load only when asked (dialogs, other budget pages), for information.
  const onDemand = new Set<Chunk>();
  for (const chunk of needed) for (const child of chunk.children ?? []) for (const loaded of loadedWith(chunks, [child])) if (!needed.has(loaded)) onDemand.add(loaded);
  report('Loaded later, on demand, from those pages (dialogs and other areas; not counted above)', jsFiles([...onDemand].flatMap((chunk) => chunk.files ?? [])));

  // (3) The light quick-add page: its own entry, nothing loaded on demand.
  const inline = inlineScriptBytes('quick-add.html');
  const quickAdd = report('Quick add page for phones (/quick-add, all its JS)', jsFiles(scriptsOf('quick-add.html'))) + inline;
  console.log(`  ${kb(inline).padStart(9)}  inline in quick-add.html (in all: ${kb(quickAdd)})`);

  console.log(`\nQuick add page target ${QUICK_ADD_TARGET_KB} KB: ${quickAdd <= QUICK_ADD_TARGET_KB * 1024 ? 'met' : 'NOT met'}.`);
  console.log(`\nBudget detail target ${DETAIL_TARGET_KB} KB, hard limit ${DETAIL_LIMIT_KB} KB: ${detail <= DETAIL_LIMIT_KB * 1024 ? 'met' : 'NOT met'}.`);
  console.log(`\nLogin page target ${LOGIN_TARGET_KB} KB, hard limit ${LOGIN_LIMIT_KB} KB.`);
  if (login > LOGIN_LIMIT_KB * 1024) {
    console.error(`FAIL: the login page needs ${kb(login)} of JavaScript (limit ${LOGIN_LIMIT_KB} KB).`);
    process.exit(1);
  }
  if (detail > DETAIL_LIMIT_KB * 1024) {
    console.error(`FAIL: the budget detail needs ${kb(detail)} of JavaScript (limit ${DETAIL_LIMIT_KB} KB).`);
    process.exit(1);
  }
  if (quickAdd > QUICK_ADD_TARGET_KB * 1024) {
    console.error(`FAIL: the quick add page needs ${kb(quickAdd)} of JavaScript (limit ${QUICK_ADD_TARGET_KB} KB).`);
    process.exit(1);
  }
  if (login > LOGIN_TARGET_KB * 1024) console.warn(`WARNING: over the ${LOGIN_TARGET_KB} KB target.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
