import type { FastifyInstance } from 'fastify';
import { allocationCategoryRoutes } from './allocationCategories';
import { authRoutes } from './auth';
import { allocationRoutes } from './allocations';
import { bankAccountRoutes } from './bankAccounts';
import { budgetRoutes } from './budgets';
import { institutionRoutes } from './institutions';
import { settingsRoutes } from './settings';
import { setupRoutes } from './setup';
import { sinkFundAllocationRoutes } from './sinkFundAllocations';
import { specialEventRoutes } from './specialEvents';
import { transactionRoutes } from './transactions';

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    authRoutes,
    setupRoutes,
    settingsRoutes,
    budgetRoutes,
    allocationRoutes,
    allocationCategoryRoutes,
    institutionRoutes,
    bankAccountRoutes,
    transactionRoutes,
    sinkFundAllocationRoutes,
    specialEventRoutes,
  ]) {
    await app.register(routes);
  }
}
