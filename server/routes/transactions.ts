import type { FastifyInstance } from 'fastify';

export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
