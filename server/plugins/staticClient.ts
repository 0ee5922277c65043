import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HASHED_ASSET, SERVICE_WORKER_FILE } from '../../src/shared/builtFiles';
import { contentSecurityPolicyWith } from './securityHeaders';

/** The build writes `name.br` and `name.gz` next to each compressible file; they are cached like the original. */
const COMPRESSED_SIBLING = /\.(br|gz)$/;

/** The light quick-add page (README, "Quick add"): its own address, the web app manifest's start_url. */
const QUICK_ADD_PAGE = { path: '/quick-add', file: 'quick-add.html' } as const;

/** A script element written inline (no `src`), with its content. */
export const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The `sha256-…` sources of a page's inline scripts. */
const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(INLINE_SCRIPT)].map((match) => `sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}`);

/** The pages the build gives inline scripts (webpack's InlineScriptsPlugin): index.html's head start, quick add. */
const PAGES_WITH_INLINE_SCRIPTS = ['index.html', QUICK_ADD_PAGE.file];

function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(COMPRESSED_SIBLING, '');
  if (HASHED_ASSET.test(name)) return 'public, max-age=31536000, immutable';
  // Pages name the current hashed files, and the service worker names the build: revalidated on every visit.
  if (name.endsWith('.html') || name === SERVICE_WORKER_FILE) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web client. Its routes are public (the sign-in page must load before anyone signs in);
 * the API keeps its 401s because only the routes registered here are marked public.
 * `preCompressed`: a request accepting brotli or gzip gets the sibling the build compressed (`main.js.br`),
 * else the file itself; `Vary` tells caches that the answer depends on Accept-Encoding.
 */
async function registerStaticClient(app: FastifyInstance, { staticDir }: { staticDir: string }): Promise<void> {
  const root = path.resolve(staticDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built web client found (run npm run build); serving the API only');
    return;
  }
  // Each page's policy allows its own inline scripts, by hash, and no other.
  const policies = new Map<string, string>();
  for (const page of PAGES_WITH_INLINE_SCRIPTS) {
    const file = path.join(root, page);
    const hashes = fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, 'utf8')) : [];
    if (hashes.length > 0) policies.set(page, contentSecurityPolicyWith(hashes));
  }
  await app.register(async (client) => {
    client.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await client.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        res.setHeader('vary', 'Accept-Encoding');
        const policy = policies.get(path.basename(filePath).replace(COMPRESSED_SIBLING, ''));
        if (policy) res.setHeader('content-security-policy', policy);
      },
    });
    // Served at its address (not only as quick-add.html), with the same negotiation and caching as every file.
    client.get(QUICK_ADD_PAGE.path, (_request, reply) => reply.sendFile(QUICK_ADD_PAGE.file));
  });
}

// After the security headers: each page's policy replaces the one they set.
export const staticClientPlugin = fp(registerStaticClient, { name: 'everycent-static-client', dependencies: ['everycent-security-headers'] });
