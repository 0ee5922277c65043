import type { FastifyInstance } from 'fastify';
import { allocationCategories, allocationCategoryWrites } from '../services/allocationCategories';
import { registerNamedResourceRoutes } from './namedResourceRoutes';

export async function allocationCategoryRoutes(app: FastifyInstance): Promise<void> {
  registerNamedResourceRoutes(app, { path: '/allocation_categories', key: 'allocation_category', resource: allocationCategories, writes: allocationCategoryWrites });
}
