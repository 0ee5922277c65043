import type { FastifyReply } from 'fastify';
import { ACTIVITY_ID_HEADER } from '../../src/shared/activityHeader';

/** A recorded write's answer: its usual body, with the id of its activity entry in a header (for "Undo"). */
export function answerRecorded<R>(reply: FastifyReply, { result, activityId }: { result: R; activityId: number | null }): R {
  if (activityId !== null) reply.header(ACTIVITY_ID_HEADER, String(activityId));
  return result;
}
