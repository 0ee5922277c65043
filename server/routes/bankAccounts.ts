import type { FastifyInstance } from 'fastify';

export async function bankAccountRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
