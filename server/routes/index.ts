import type { FastifyInstance } from 'fastify';
import { accountBalanceRoutes } from './accountBalances';
import { activityRoutes } from './activity';
import { allocationCategoryRoutes } from './allocationCategories';
import { authRoutes } from './auth';
import { allocationRoutes } from './allocations';
import { bankAccountRoutes } from './bankAccounts';
import { cardPaymentRoutes } from './cardPayments';
import { householdDataRoutes } from './householdData';
import { budgetRoutes } from './budgets';
import { eventRoutes } from './events';
import { institutionRoutes } from './institutions';
import { memberRoutes } from './members';
import { reconciliationRoutes } from './reconciliation';
import { reportRoutes } from './reports';
import { settingsRoutes } from './settings';
import { setupRoutes } from './setup';
import { sinkFundAllocationRoutes } from './sinkFundAllocations';
import { sinkFundRoutes } from './sinkFunds';
import { scheduleRoutes } from './schedules';
import { specialEventRoutes } from './specialEvents';
import { transactionRoutes } from './transactions';
import { transactionToolRoutes } from './transactionTools';

/**
 * Every API route. None of their answers may be kept by a browser or a proxy: they are one household's data
 * (or a sign-in's tokens), and the response cache on the server already makes repeated reads cheap.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (api) => {
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await registerEach(api);
  });
}

async function registerEach(app: FastifyInstance): Promise<void> {
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
    transactionToolRoutes,
    sinkFundAllocationRoutes,
    accountBalanceRoutes,
    reconciliationRoutes,
    cardPaymentRoutes,
    sinkFundRoutes,
    reportRoutes,
    specialEventRoutes,
    scheduleRoutes,
    memberRoutes,
    activityRoutes,
    householdDataRoutes,
    eventRoutes,
  ]) {
    await app.register(routes);
  }
}
