import type { FastifyInstance } from 'fastify';

export async function budgetRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
