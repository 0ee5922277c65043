import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
// The build's own plugin (webpack.config.js), CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ServiceWorkerBuildPlugin } = require('../../scripts/service-worker-build') as { ServiceWorkerBuildPlugin: new (options: object) => webpack.WebpackPluginInstance };

interface Build {
  version: string;
  precache: string[];
}

/** Builds a two-entry app (an app and its worker) as webpack.config.js names them, and reads the worker's build. */
async function build(appSource: string): Promise<{ build: Build; files: string[] }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'everycent-sw-build-'));
  try {
    fs.writeFileSync(path.join(folder, 'app.js'), appSource);
    fs.writeFileSync(path.join(folder, 'worker.js'), 'self.addEventListener("fetch", () => undefined);');
    const compiler = webpack({
      mode: 'none',
      context: folder,
      entry: { main: './app.js', 'service-worker': './worker.js' },
      output: { path: path.join(folder, 'dist'), filename: (data) => (data.chunk?.name === 'service-worker' ? '[name].js' : '[name].[contenthash:8].js') },
      plugins: [new ServiceWorkerBuildPlugin({ worker: 'service-worker.js', pages: ['', 'quick-add'], chunkGroups: ['main'] })],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : compiler.close(() => resolve()))),
    );
    const worker = fs.readFileSync(path.join(folder, 'dist', 'service-worker.js'), 'utf8');
    const match = /^self\.everycentBuild=(\{.*?\});/.exec(worker);
    if (!match) throw new Error(`no build in the worker: ${worker.slice(0, 200)}`);
    return { build: JSON.parse(match[1]) as Build, files: fs.readdirSync(path.join(folder, 'dist')) };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe("the service worker's build", () => {
  it('names a new version whenever the app changes, the same one when it does not', async () => {
    const first = await build('console.log("one")');
    const again = await build('console.log("one")');
    const changed = await build('console.log("two")');
    expect(first.build.version).toMatch(/^[0-9a-f]{16}$/);
    expect(again.build.version).toBe(first.build.version);
    expect(changed.build.version).not.toBe(first.build.version);
  });

  it('lists the pages and the hashed files the app starts with, and keeps the worker itself unhashed', async () => {
    const { build: written, files } = await build('console.log("one")');
    const main = files.find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    expect(main).toBeDefined();
    expect(written.precache).toEqual(['', 'quick-add', main]);
    expect(files).toContain('service-worker.js');
  });
});
