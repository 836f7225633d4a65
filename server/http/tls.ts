import fs from 'node:fs';
import path from 'node:path';

export interface TlsMaterial {
  cert: string;
  key: string;
  selfSigned: boolean;
}

/**
 * The certificate and key to serve HTTPS with: the configured files, or a self-signed pair
 * generated once into DATA_DIR/tls (valid for localhost, the loopback addresses and the host of
 * PUBLIC_URL) and reused on later starts.
 */
export async function loadTlsMaterial(options: {
  certFile?: string;
  keyFile?: string;
  dataDir: string;
  publicUrl: string;
}): Promise<TlsMaterial> {
  if (options.certFile && options.keyFile) {
    return {
      cert: fs.readFileSync(options.certFile, 'utf8'),
      key: fs.readFileSync(options.keyFile, 'utf8'),
      selfSigned: false,
    };
  }
  const dir = path.join(options.dataDir, 'tls');
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  if (fs.existsSync(certPath) && fs.existsSync(keyPath)) {
    return { cert: fs.readFileSync(certPath, 'utf8'), key: fs.readFileSync(keyPath, 'utf8'), selfSigned: true };
  }
  const host = new URL(options.publicUrl).hostname.replace(/^\[|\]$/g, '');
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  const altNames = [
    { type: 2 as const, value: 'localhost' },
    { type: 7 as const, ip: '127.0.0.1' },
    { type: 7 as const, ip: '::1' },
    ...(host !== 'localhost' && host !== '127.0.0.1'
      ? [isIp ? { type: 7 as const, ip: host } : { type: 2 as const, value: host }]
      : []),
  ];
  const notAfter = new Date();
  notAfter.setFullYear(notAfter.getFullYear() + 2);
  // Only a first start generates one: selfsigned is loaded then, not at every start.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: host }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyPath, pems.private, { mode: 0o600 });
  fs.writeFileSync(certPath, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private, selfSigned: true };
}
