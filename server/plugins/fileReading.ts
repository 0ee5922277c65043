import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { FileReading } from '../services/untrustedFiles/sandbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are read: in a worker, within the configured time and memory (sandbox.ts). */
    fileReading: FileReading;
  }
}

/**
 * Routes that take a file read its bytes themselves: the body arrives as bytes (up to the route's own limit)
 * and goes to the worker unparsed, so not even its JSON is parsed on the server's thread.
 */
export function takeBodyAsBytes(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, bytes, done) => done(null, bytes));
}

async function registerFileReading(app: FastifyInstance): Promise<void> {
  const reading = new FileReading(app.config.fileReading, (problem) => app.log.error(problem));
  app.decorate('fileReading', reading);
  app.addHook('onClose', () => reading.close());
}

export const fileReadingPlugin = fp(registerFileReading, { name: 'everycent-file-reading', decorators: { fastify: ['config'] } });
