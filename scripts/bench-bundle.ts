/**
 * Bundle size benchmark: gzip size of the JavaScript a browser needs
 *   1. before the login page can show (the script tags of dist/index.html and whatever they load first), and
 *   2. to show a budget's detail page (main + router + shell chunk groups, their vendor chunks, and any chunk the
 *      budgets area loads on demand),
 * following the chunk graph in webpack's stats. Exits non-zero when (1) exceeds the hard limit.
 *
 *   npm run bench:bundle                 production build into dist/, then measure
 *   npm run bench:bundle -- --reuse-dist measure the existing dist/ (needs the stats a previous run saved)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack, { type Configuration, type StatsCompilation } from 'webpack';

const LOGIN_TARGET_KB = 120;
const LOGIN_LIMIT_KB = 150;
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const statsFile = path.join(root, 'node_modules', '.cache', 'everycent', 'bundle-stats.json');

type ChunkGroup = NonNullable<StatsCompilation['namedChunkGroups']>[string];

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
  const json = stats.toJson({ all: false, assets: true, chunks: true, chunkGroups: true, chunkOrigins: true, entrypoints: true, ids: true, hash: true });
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

const jsFiles = (files: Iterable<string>) => [...new Set(files)].filter((file) => file.endsWith('.js'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title: string, files: string[]): number {
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`\n${title}: ${kb(total)} gzip`);
  for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  return total;
}

function groupFiles(group: ChunkGroup | undefined, name: string): string[] {
  if (!group) throw new Error(`No chunk group "${name}" in the build: did router.tsx or App.tsx change?`);
  return (group.assets ?? []).map((asset) => asset.name);
}

async function main() {
  const reuse = process.argv.includes('--reuse-dist');
  const stats = reuse ? loadSavedStats() : await build();
  const groups = stats.namedChunkGroups ?? {};

  // (1) The login page renders from the entry's scripts alone (the router and everything after it load on
  // demand), so the scripts index.html names are all it waits for.
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scriptTags = [...html.matchAll(/<script[^>]*\bsrc="?([^"\s>]+)"?/g)].map((match) => match[1]);
  const loginFiles = jsFiles(scriptTags);
  const login = report('Login page (initial JS)', loginFiles);

  // (2) Budget detail: the entry, the router, the shell group (shell + budgets area + the vendor chunks split
  // out of them), and any chunk the budgets area imports on demand.
  const budgetsOrigins = (stats.chunks ?? [])
    .filter((chunk) => (chunk.origins ?? []).some((origin) => (origin.moduleName ?? '').includes('src/features/budgets/')))
    .flatMap((chunk) => chunk.files ?? []);
  const detailFiles = jsFiles([
    ...loginFiles,
    ...groupFiles(groups.router, 'router'),
    ...groupFiles(groups.shell, 'shell'),
    ...budgetsOrigins,
  ]);
  report('Budget detail page (all JS)', detailFiles);

  console.log(`\nLogin page target ${LOGIN_TARGET_KB} KB, hard limit ${LOGIN_LIMIT_KB} KB.`);
  if (login > LOGIN_LIMIT_KB * 1024) {
    console.error(`FAIL: the login page needs ${kb(login)} of JavaScript (limit ${LOGIN_LIMIT_KB} KB).`);
    process.exit(1);
  }
  if (login > LOGIN_TARGET_KB * 1024) console.warn(`WARNING: over the ${LOGIN_TARGET_KB} KB target.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
