import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successSchema } from '../../src/shared/schemas/common';
import {
  addedMemberSchema,
  addMemberBodySchema,
  changePasswordBodySchema,
  changeRoleBodySchema,
  deviceSessionSchema,
  memberSchema,
} from '../../src/shared/schemas/members';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { householdScope } from '../plugins/auth';
import { addMember, changeRole, listMembers, removeMember } from '../services/members/members';
import { changeOwnPassword, endOwnSession, listOwnSessions } from '../services/members/ownAccount';

/** Settings › Members: the household's people; and what each person does for themselves (password, devices). */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamsSchema;

  routes.get('/members', { schema: { response: { 200: z.array(memberSchema) } } }, async (request) => listMembers(householdScope(request)));
  routes.post('/members', { schema: { body: addMemberBodySchema, response: { 201: addedMemberSchema } } }, async (request, reply) =>
    reply.status(201).send(await addMember(householdScope(request), request.body)),
  );
  routes.put('/members/:id', { schema: { params, body: changeRoleBodySchema, response: { 200: memberSchema } } }, async (request) =>
    changeRole(householdScope(request), request.params.id, request.body),
  );
  // An owner removing someone, or anyone's own id: leaving the household, which signs them out everywhere.
  routes.delete('/members/:id', { schema: { params, response: { 200: successSchema } }, config: { endsSessions: true } }, async (request) =>
    removeMember(householdScope(request), request.params.id),
  );

  routes.put(
    '/account/password',
    { schema: { body: changePasswordBodySchema, response: { 200: successSchema } }, config: { temporaryPasswordAllowed: true, endsSessions: true } },
    async (request) => changeOwnPassword(householdScope(request), request.body),
  );
  routes.get('/account/sessions', { schema: { response: { 200: z.array(deviceSessionSchema) } } }, async (request) =>
    listOwnSessions(householdScope(request)),
  );
  routes.delete('/account/sessions/:id', { schema: { params, response: { 200: successSchema } }, config: { endsSessions: true } }, async (request) =>
    endOwnSession(householdScope(request), request.params.id),
  );
}
