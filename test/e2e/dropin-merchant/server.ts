import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The merchant's page for the drop-in journey, on an origin of its own (http://127.0.0.1:<port>,
 * another site than the payment pages' https://localhost): checkout.tsx bundled with esbuild, under
 * a strict CSP that allows the payment server only where docs/dropin.md says to.
 */
export async function startMerchantPage(port: number, paymentServer: string) {
  // The merchant's own strict policy, allowing exactly what docs/dropin.md says the drop-in needs.
  const csp = `default-src 'self'; script-src 'self' ${paymentServer}; style-src 'self' ${paymentServer}; frame-src ${paymentServer}; object-src 'none'; base-uri 'none'`;
  const bundle = await build({
    entryPoints: [path.resolve('test/e2e/dropin-merchant/checkout.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Tea shop</title></head><body><div id="root"></div><script src="/checkout.js"></script></body></html>';
  // docs/dropin.md's plain-HTML snippet as it stands, pointed at this server and a flow.
  const [, snippet] = fs.readFileSync(path.resolve('docs/dropin.md'), 'utf8').match(/^```html\n([\s\S]*?)^```$/m)!;
  const plainPage = (flowId: string) =>
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title></head><body>' +
    snippet!.replaceAll('https://pay.your-bankflow.example', paymentServer).replace('BRF…', flowId) +
    '</body></html>';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://merchant');
    if (url.pathname === '/plain') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(plainPage(url.searchParams.get('flow') ?? ''));
    } else if (request.url?.startsWith('/checkout.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else {
      response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${listening}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
