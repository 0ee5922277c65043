import type { FastifyInstance } from 'fastify';

export async function allocationRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
