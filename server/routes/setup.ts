import type { FastifyInstance } from 'fastify';

export async function setupRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
