import type { FastifyInstance } from 'fastify';
import { institutionWrites, institutions } from '../services/institutions';
import { registerNamedResourceRoutes } from './namedResourceRoutes';

export async function institutionRoutes(app: FastifyInstance): Promise<void> {
  registerNamedResourceRoutes(app, { path: '/institutions', key: 'institution', resource: institutions, writes: institutionWrites });
}
