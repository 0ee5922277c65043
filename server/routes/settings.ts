import type { FastifyInstance } from 'fastify';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
