import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The policy the built client satisfies: scripts only from this origin (webpack chunks are plain <script src>);
 * styles also inline, because antd 6 injects <style> elements and style attributes at runtime.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // Households often run this on a LAN over plain http: HSTS there would lock browsers out.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}
