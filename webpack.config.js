const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const fs = require('node:fs');
const { BannerPlugin, Compilation, sources } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest)$/;
const { appIcons } = require('./scripts/app-icons');
const { ServiceWorkerBuildPlugin } = require('./scripts/service-worker-build');
const { LeanAntdTablePlugin } = require('./scripts/leanAntdTable');

/** The web app manifest as written and the icons it names, drawn by scripts/app-icons.js: files of the build, unhashed. */
class AppManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AppManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const manifest = path.resolve(__dirname, 'public/manifest.webmanifest');
        compilation.fileDependencies.add(manifest);
        compilation.emitAsset('manifest.webmanifest', new sources.RawSource(fs.readFileSync(manifest)));
        for (const [name, png] of appIcons()) compilation.emitAsset(name, new sources.RawSource(png));
      });
    });
  }
}

/**
 * Scripts a page carries inline instead of naming a file: one round trip fewer before they run. The light
 * quick-add page's whole script (README, "Quick add"), and index.html's head start (README, "First load"),
 * which preloads a chunk group's files (named in its `data-preload`). The server allows exactly these scripts by
 * their hashes (server/plugins/staticClient.ts).
 */
class InlineScriptsPlugin {
  /** @param {string} page @param {string} entry @param {{ preload?: string }} [options] */
  constructor(page, entry, options = {}) {
    this.page = page;
    this.entry = entry;
    this.preload = options.preload;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineScriptsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('InlineScriptsPlugin', (data) => {
        if (data.outputName !== this.page) return data;
        const inline = (tags) => {
          const ours = tags.filter((tag) => tag.tagName === 'script' && String(tag.attributes.src ?? '').startsWith(`${this.entry}.`));
          const inlined = ours.map((tag) => {
            const source = compilation.getAsset(tag.attributes.src).source.source().toString().replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
            if (/<\/script/i.test(source)) throw new Error(`${tag.attributes.src} holds "</script": it cannot go inline into ${this.page}`);
            return { tagName: 'script', voidTag: false, meta: tag.meta, attributes: this.preloadAttributes(compilation), innerHTML: source };
          });
          // First in its group: the head start runs before the deferred first bundle is even asked for.
          return [...inlined, ...tags.filter((tag) => !ours.includes(tag))];
        };
        data.headTags = inline(data.headTags);
        data.bodyTags = inline(data.bodyTags);
        return data;
      });
    });
  }
  preloadAttributes(compilation) {
    if (!this.preload) return {};
    const group = compilation.namedChunkGroups.get(this.preload);
    if (!group) throw new Error(`no chunk group named ${this.preload} to preload`);
    const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
    return { 'data-preload': files.join(' ') };
  }
}

/** @type {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration} */
module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    // The app (with its inline head start: README, "First load"), and the light quick-add page for phones (its own
    // HTML, no React: README, "Quick add").
    entry: { main: './src/index.tsx', 'head-start': './src/head-start.ts', 'quick-add': './src/quick-add.ts', 'service-worker': './src/service-worker.ts' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      // The service worker keeps its name: browsers ask for it by name to learn of a new build.
      filename: (data) => (production && data.chunk.name !== 'service-worker' ? '[name].[contenthash:8].js' : '[name].js'),
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      publicPath: '',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        // zod configured for the Content-Security-Policy before any schema runs (see the file).
        zod$: path.resolve(__dirname, 'src/platform/zodInBrowser.ts'),
        // react-router 7 publishes its production build under a path its "exports" never select: without this
        // alias every build ships the development build (warnings included, ~20 KB gzip more).
        ...(production
          ? {
              'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the build only transpiles.
          options: { transpileOnly: true, compilerOptions: { noEmit: false } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        {
          // rc-table's index re-exports its virtual table (and, through it, rc-virtual-list) and its package says
          // nothing of side effects, so every antd Table brought them in; marked free of side effects, only the
          // tables that use `virtual` load them (about 12 KB gzip off the budget detail: docs/performance.md).
          test: /[\\/]node_modules[\\/]@rc-component[\\/]table[\\/]es[\\/]/,
          sideEffects: false,
        },
        {
          // es-toolkit (under the report charts) only tests `typeof global`, after globalThis: left alone, it would
          // add webpack's `global` shim to the runtime that the login page loads.
          test: /[\\/]node_modules[\\/]es-toolkit[\\/]/,
          parser: { node: false },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg', chunks: ['head-start', 'main'] }),
      new InlineScriptsPlugin('index.html', 'head-start', { preload: 'router' }),
      new HtmlWebpackPlugin({ template: 'public/quick-add.html', filename: 'quick-add.html', chunks: ['quick-add'], inject: 'body', scriptLoading: 'blocking' }),
      new InlineScriptsPlugin('quick-add.html', 'quick-add'),
      new AppManifestPlugin(),
      new ServiceWorkerBuildPlugin({ worker: 'service-worker.js', pages: ['', 'quick-add'], chunkGroups: ['main', 'router', 'live-updates'] }),
      // The budget detail's antd Table without the features it turns off (scripts/leanAntdTable.js).
      new LeanAntdTablePlugin(),
      new MiniCssExtractPlugin({ filename: production ? '[name].[contenthash:8].css' : '[name].css' }),
      // Compressed once here, served by content negotiation (server/plugins/staticClient.ts): brotli where the
      // browser takes it, gzip otherwise. Source maps stay uncompressed (only developer tools read them).
      ...(production
        ? [
            new BannerPlugin({ banner: '//# allFunctionsCalledOnLoad', raw: true, test: /^(main|router|react-router)\.[0-9a-f]+\.js$/, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }),
            new CompressionPlugin({ test: COMPRESSIBLE, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
            new CompressionPlugin({
              test: COMPRESSIBLE,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
            }),
          ]
        : []),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    optimization: {
      splitChunks: {
        chunks: 'async',
        // Named, so that the compile hint above can find the router's vendor part.
        cacheGroups: { reactRouter: { test: /[\\/]node_modules[\\/]react-router/, name: 'react-router', priority: 10 } },
      },
    },
  };
};
