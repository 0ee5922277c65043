import type { FastifyInstance } from 'fastify';

export async function institutionRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
