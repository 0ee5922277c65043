import http, { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { ErrorBody } from '../../src/shared/schemas/common';

/**
 * The HTTP server with its limits on slow and idle clients: a request must arrive whole within the request
 * timeout (headers within most of it), an idle connection is closed after the same time, and Node checks for
 * overdue requests every few seconds (not every 30 s, its default), so a client trickling a body byte by byte
 * is cut off about when the limit says.
 */
export function serverWithTimeouts(requestTimeoutMs: number): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: requestTimeoutMs,
        headersTimeout: Math.min(requestTimeoutMs, 20_000),
        connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeoutMs / 5))),
        keepAliveTimeout: Math.min(requestTimeoutMs, 10_000),
      },
      handler,
    );
    server.setTimeout(requestTimeoutMs);
    return server;
  };
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Requests the HTTP parser refuses before fastify sees them (oversized headers, a body that never finishes,
 * garbage) still get the contract's error shape.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request could not be read.'];
  const body = JSON.stringify({ success: false, errors: [message] } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
