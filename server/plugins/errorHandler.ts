import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../src/shared/schemas/common';
import { HttpError } from '../errors';
import { megabytes } from '../services/untrustedFiles/limits';

function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/** zod's own wording ("Invalid input: expected string, received undefined") rephrased to name the field. */
function validationMessage(field: string, keyword: string, message: string | undefined): string {
  const text = message ?? 'is invalid';
  if (keyword === 'invalid_type' && /received undefined$/.test(text)) return `${field} is required`;
  const zodDefault = /^(Invalid \w+|Too small|Too big|Unrecognized \w+): (.+)$/.exec(text);
  if (zodDefault) return `${field} is invalid (${zodDefault[2]})`;
  return /^[A-Z]/.test(text) ? text : `${field} ${text}`;
}

/** The one error handler: every failure leaves as the contract's error shape; a 500 never shows its internals. */
async function registerErrorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { success: false, errors: error.errors };
      if (error.fieldErrors) body.field_errors = error.fieldErrors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      const errors: string[] = [];
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath);
        const text = validationMessage(field, issue.keyword, issue.message);
        (fieldErrors[field] ??= []).push(text);
        errors.push(text);
      }
      return reply.status(422).send({ success: false, errors, field_errors: fieldErrors } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)) {
      return reply.status(400).send({ success: false, errors: ['The request body is not valid JSON.'] });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
      return reply.status(413).send({ success: false, errors: [`This request is larger than ${megabytes(limit)}, the most this accepts.`] } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, errors: [error.message] } satisfies ErrorBody);
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({
      success: false,
      errors: [`Something went wrong on the server (request ${request.id}).`],
    } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, errors: ['Not found'] } satisfies ErrorBody);
  });
}

export const errorHandlerPlugin = fp(registerErrorHandler, { name: 'everycent-error-handler' });
