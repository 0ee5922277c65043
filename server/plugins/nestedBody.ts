import type { preValidationHookHandler } from 'fastify';

/**
 * Bodies may arrive flat (`{"name": "Rent"}`) or nested under the singular resource key
 * (`{"allocation_category": {"name": "Rent"}}`); this hook makes both the flat form before validation.
 */
export function acceptNested(key: string): preValidationHookHandler {
  return (request, _reply, done) => {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const nested = (body as Record<string, unknown>)[key];
      if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
        request.body = { ...(body as Record<string, unknown>), ...(nested as Record<string, unknown>) };
      }
    }
    done();
  };
}
