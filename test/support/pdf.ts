import https from 'node:https';
import { extractText, getDocumentProxy } from 'unpdf';

const agent = new https.Agent({ rejectUnauthorized: false });

/** GETs a URL on the test server with no API token, as a payer's browser opens a link. */
export function download(url: string): Promise<{ status: number; type?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** The text of a PDF, whitespace collapsed (lines are wrapped where the page ends). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return normalise(text);
}

export const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
