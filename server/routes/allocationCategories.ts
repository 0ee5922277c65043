import type { FastifyInstance } from 'fastify';

export async function allocationCategoryRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
