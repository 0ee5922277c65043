import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { today } from '../../src/shared/dates';
import type { LiveResource } from '../../src/shared/liveEvents';
import { householdRevision, logEvent } from '../services/events/eventLog';
import { enterDueOccurrences } from '../services/schedules/entering';

/** How often the server looks for automatic schedules whose day has come (and once at start). */
export const ENTERING_EVERY_MS = 15 * 60 * 1000;

const ENTERED: LiveResource[] = ['schedules', 'budgets', 'transactions', 'accounts', 'reports', 'activity'];

/**
 * Enters every automatic schedule's occurrences on their day (docs/schedules.md), at start and then every
 * quarter hour, and tells the household's open screens. Several processes may run it at once: entering is
 * idempotent (entering.ts).
 */
async function registerScheduleEntering(app: FastifyInstance): Promise<void> {
  let running: Promise<void> | null = null;
  const round = async () => {
    const entered = await enterDueOccurrences(app.db, today(app.config.timeZone), (error, scheduleId, date) =>
      app.log.info({ err: error, scheduleId, date }, 'schedules: an occurrence stays due'),
    );
    for (const householdId of new Set(entered.map((e) => e.householdId))) {
      const revision = await householdRevision(app.db, householdId);
      const event = { revision, by: null, tab: null, resources: ENTERED };
      await logEvent(app.db, householdId, { ...event, previousRevision: revision - 1 });
      await app.live.relay.publish(householdId, event);
    }
  };
  const tick = () => {
    running ??= round()
      .catch((error: unknown) => app.log.error({ err: error }, 'schedules: entering failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), ENTERING_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    void tick();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export const scheduleEnteringPlugin = fp(registerScheduleEntering, {
  name: 'everycent-schedule-entering',
  decorators: { fastify: ['db', 'config', 'live'] },
  dependencies: ['everycent-live-events'],
});
