const { createHash } = require('node:crypto');
const { Compilation, sources } = require('webpack');

/**
 * Writes the build into the service worker (src/service-worker.ts): a version that changes whenever any file of
 * the build does (so browsers install the new worker and drop the old cache), and the files the app starts
 * with (the pages and the chunk groups named here), which the worker caches when it installs.
 */
class ServiceWorkerBuildPlugin {
  /** @param {{ worker: string, pages: string[], chunkGroups: string[] }} options */
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ServiceWorkerBuildPlugin', (compilation) => {
      // After the pages are written (html-webpack-plugin) and before the files are compressed.
      compilation.hooks.processAssets.tap({ name: 'ServiceWorkerBuildPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const { worker, pages, chunkGroups } = this.options;
        if (!compilation.getAsset(worker)) return;
        const version = createHash('sha256');
        for (const asset of [...compilation.getAssets()].sort((a, b) => a.name.localeCompare(b.name))) {
          if (asset.name === worker || asset.name.endsWith('.map')) continue;
          version.update(asset.name).update(asset.source.buffer());
        }
        const files = chunkGroups.flatMap((name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`no chunk group named ${name} for the service worker`);
          return group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
        });
        const build = { version: version.digest('hex').slice(0, 16), precache: [...pages, ...new Set(files)] };
        // On the first line, before the worker's own code: its source map stays right but for that line.
        compilation.updateAsset(worker, (source) => new sources.ConcatSource(`self.everycentBuild=${JSON.stringify(build)};`, source));
      });
    });
  }
}

module.exports = { ServiceWorkerBuildPlugin };
