import type { FastifyInstance } from 'fastify';
import { allocationCategories, deleteAllocationCategory } from '../services/allocationCategories';
import { registerNamedResourceRoutes } from './namedResourceRoutes';

export async function allocationCategoryRoutes(app: FastifyInstance): Promise<void> {
  registerNamedResourceRoutes(app, {
    path: '/allocation_categories',
    key: 'allocation_category',
    resource: allocationCategories,
    remove: deleteAllocationCategory,
    thing: 'allocation category',
    table: 'allocation_categories',
  });
}
