import type { FastifyInstance } from 'fastify';

export async function sinkFundAllocationRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
