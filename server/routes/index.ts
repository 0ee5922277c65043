import type { FastifyInstance } from 'fastify';
import { allocationCategoryRoutes } from './allocationCategories';
import { allocationRoutes } from './allocations';
import { bankAccountRoutes } from './bankAccounts';
import { budgetRoutes } from './budgets';
import { institutionRoutes } from './institutions';
import { reportRoutes } from './reports';
import { settingsRoutes } from './settings';
import { setupRoutes } from './setup';
import { sinkFundAllocationRoutes } from './sinkFundAllocations';
import { transactionRoutes } from './transactions';

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    setupRoutes,
    settingsRoutes,
    budgetRoutes,
    allocationRoutes,
    allocationCategoryRoutes,
    institutionRoutes,
    bankAccountRoutes,
    transactionRoutes,
    sinkFundAllocationRoutes,
    reportRoutes,
  ]) {
    await app.register(routes);
  }
}
