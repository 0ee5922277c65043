import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicyWith } from './securityHeaders';

/** webpack names long-lived assets `[name].[contenthash:8].ext`: their content never changes under that name. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;

/** The build writes `name.br` and `name.gz` next to each compressible file; they are cached like the original. */
const COMPRESSED_SIBLING = /\.(br|gz)$/;

/** The light quick-add page (README, "Quick add"): its own address, the web app manifest's start_url. */
export const QUICK_ADD_PAGE = { path: '/quick-add', file: 'quick-add.html' } as const;

/** The `sha256-…` sources of a page's inline scripts (the build writes them as bare `<script>` elements). */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}`);

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(COMPRESSED_SIBLING, '');
  if (HASHED_ASSET.test(name)) return 'public, max-age=31536000, immutable';
  // Pages name the current hashed files: revalidated on every visit.
  if (name.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web client. Its routes are public (the sign-in page must load before anyone signs in);
 * the API keeps its 401s because only the routes registered here are marked public.
 * `preCompressed`: a request accepting brotli or gzip gets the sibling the build compressed (`main.js.br`),
 * else the file itself; `Vary` tells caches that the answer depends on Accept-Encoding.
 */
export async function registerStaticClient(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = path.resolve(staticDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built web client found (run npm run build); serving the API only');
    return;
  }
  // The quick-add page runs its own inline script: its policy allows that script, by hash, and no other.
  const quickAddFile = path.join(root, QUICK_ADD_PAGE.file);
  const quickAddPolicy = fs.existsSync(quickAddFile) ? contentSecurityPolicyWith(inlineScriptHashes(fs.readFileSync(quickAddFile, 'utf8'))) : null;
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
        if (quickAddPolicy && path.basename(filePath).replace(COMPRESSED_SIBLING, '') === QUICK_ADD_PAGE.file) res.setHeader('content-security-policy', quickAddPolicy);
      },
    });
    // Served at its address (not only as quick-add.html), with the same negotiation and caching as every file.
    client.get(QUICK_ADD_PAGE.path, (_request, reply) => reply.sendFile(QUICK_ADD_PAGE.file));
  });
}
