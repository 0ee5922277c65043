import type { FastifyInstance } from 'fastify';
import { deleteInstitution, institutions } from '../services/institutions';
import { registerNamedResourceRoutes } from './namedResourceRoutes';

export async function institutionRoutes(app: FastifyInstance): Promise<void> {
  registerNamedResourceRoutes(app, { path: '/institutions', key: 'institution', resource: institutions, remove: deleteInstitution, thing: 'financial institution', table: 'institutions' });
}
