import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

/**
 * An SMTP server in this process (smtp-server) that keeps every mail it accepts, parsed with
 * mailparser. Plain SMTP with AUTH (no STARTTLS, so no certificate to trust); `reject` answers
 * RCPT TO for an address with a 5xx (a hard bounce).
 */
export async function startSmtpReceiver(options: { port?: number; reject?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  const auths: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      auths.push(`${auth.username}:${auth.password}`);
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (options.reject?.includes(address.address)) {
        const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://notices:secret@127.0.0.1:${port}`,
    received,
    auths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
