import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The policy the built client satisfies: scripts only from this origin (webpack chunks are plain <script src>);
 * styles also inline, because antd 6 injects <style> elements and style attributes at runtime.
 */
const CONTENT_SECURITY_POLICY = {
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

/**
 * The policy as a header value, also allowing inline scripts by their `sha256-…` hashes (the light quick-add
 * page's own script, README "Quick add"): used on that page only.
 */
export function contentSecurityPolicyWith(scriptHashes: readonly string[]): string {
  const directives: Record<string, string[]> = { ...CONTENT_SECURITY_POLICY.directives };
  directives.scriptSrc = [...directives.scriptSrc, ...scriptHashes.map((hash) => `'${hash}'`)];
  return Object.entries(directives)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
    .join(';');
}

async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // Households often run this on a LAN over plain http: HSTS there would lock browsers out.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}

export const securityHeadersPlugin = fp(registerSecurityHeaders, { name: 'everycent-security-headers' });
