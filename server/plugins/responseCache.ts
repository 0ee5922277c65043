import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HouseholdScope } from '../db/scope';
import { householdScope } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

interface Entry {
  revision: number;
  body: Promise<string>;
}

const RESPONSE_CACHE_ENTRIES = 256;

/**
 * Serialized responses of a household's reads, each kept with the household revision read before it was built.
 * Its data is therefore at least that new, and it answers any request that read that revision or an older
 * one. A change to the household commits a higher revision (the database bumps it), so no server process can
 * serve a response older than the change, however many share the database. Concurrent misses share one build.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = RESPONSE_CACHE_ENTRIES) {}

  get size(): number {
    return this.entries.size;
  }

  read(key: string, revision: number, build: () => Promise<unknown>): Promise<string> {
    const entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    if (entry && entry.revision >= revision) {
      this.entries.set(key, entry);
      return entry.body;
    }
    const fresh: Entry = { revision, body: build().then((value) => JSON.stringify(value)) };
    this.entries.set(key, fresh);
    // A failure (a 404, the database gone) is the caller's to report and is not kept.
    fresh.body.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return fresh.body;
  }
}

async function registerResponseCache(app: FastifyInstance): Promise<void> {
  app.decorate('responseCache', new ResponseCache());
}

/** Answers a household read from the cache, building it through the caller's scope when it is missing or stale. */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  build: (scope: HouseholdScope) => Promise<unknown>,
): Promise<FastifyReply> {
  const scope = householdScope(request);
  const revision = request.auth!.revision;
  const body = await request.server.responseCache.read(`${scope.householdId}:${key}`, revision, () => build(scope));
  return reply.type('application/json; charset=utf-8').send(body);
}

export const responseCachePlugin = fp(registerResponseCache, { name: 'everycent-response-cache' });
