/**
 * The response header in which a recorded write answers its Activity entry's id (undo from the message).
 * Apart from the schemas: the first bundle reads it, and must not carry zod.
 */
export const ACTIVITY_ID_HEADER = 'activity-id';
