import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Jobs } from '../services/untrustedFiles/jobs';
import { type FileClaim, FileReading } from '../services/untrustedFiles/sandbox';
import { householdScope } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are read: in a worker, within the configured time and memory (sandbox.ts). */
    fileReading: FileReading;
  }
}

const claims = new WeakMap<FastifyRequest, FileClaim>();

/**
 * Routes that take a file read its bytes themselves: the body arrives as bytes (up to the route's own limit)
 * and goes to the worker unparsed, so not even its JSON is parsed on the server's thread. The household's place
 * for a file is claimed before the body is read (a 429 then costs nothing), and given back when the answer has
 * left or, once the file is being read, when its worker has ended.
 */
export function takeFileUploads(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, bytes, done) => done(null, bytes));
  app.addHook('onRequest', async (request, reply) => {
    const claim = app.fileReading.claim(householdScope(request).householdId);
    claims.set(request, claim);
    reply.raw.once('close', () => claim.release());
  });
}

/** Reads the request's uploaded file in the worker, in the place its household claimed. */
export function readUpload<K extends Parameters<FileClaim['read']>[0]>(request: FastifyRequest, job: K, context?: Parameters<Jobs[K]>[1]) {
  const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return claims.get(request)!.read(job, bytes, context);
}

async function registerFileReading(app: FastifyInstance): Promise<void> {
  const reading = new FileReading(app.config.fileReading, (problem) => app.log.error(problem));
  app.decorate('fileReading', reading);
  app.addHook('onClose', () => reading.close());
}

export const fileReadingPlugin = fp(registerFileReading, { name: 'everycent-file-reading', decorators: { fastify: ['config'] } });
