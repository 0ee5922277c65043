import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsBodySchema, settingsSchema } from '../../src/shared/schemas/setup';
import { acceptNested } from '../plugins/nestedBody';
import { householdScope } from '../plugins/auth';
import { recorded } from '../services/activity/record';
import { answerRecorded } from './recordedReply';
import { getSettings, saveSettings } from '../services/settings';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/settings', { schema: { response: { 200: settingsSchema } } }, async (request) => getSettings(householdScope(request)));
  routes.post('/settings', { schema: { body: settingsBodySchema, response: { 200: settingsSchema } }, preValidation: acceptNested('settings') }, async (request, reply) =>
    answerRecorded(
      reply,
      await recorded(
        householdScope(request),
        (trx) => saveSettings(trx, request.body),
        () => ({ kind: 'setup', summary: 'saved the settings', rowKeys: ['settings'] }),
      ),
    ),
  );
}
