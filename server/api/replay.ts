import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Config } from '../config';
import type { RequestLogWriter } from '../domain/request-logs/writer';
import type { IdGenerator } from '../domain/shared/ids';
import type { ApiAnswer, ApiRequest, ConnectionInfo } from './exchange';

/** A logged request to send again: what its request log kept of it, and the token that sent it. */
export interface Replay {
  method: string;
  path: string;
  /** The request's JSON document as kept (nothing masked in it: the caller checks), or null. */
  body: string | null;
  tokenId: string;
  /** The dashboard user's address, for the rate limiter's and the log line's sake. */
  clientAddress: string;
}

export interface ReplayResult {
  status: number;
  requestId: string;
  /** The new request's log, written before this answers (undefined if it was dropped). */
  requestLogId: string | undefined;
}

/** Re-sends a logged sandbox request through the API pipeline in-process (decision 0094). */
export type ApiReplay = (replay: Replay) => Promise<ReplayResult>;

/**
 * The dashboard's re-send (decision 0094): the request is built again from its log and passed to
 * the very pipeline an HTTPS request goes through (route, scope, version, rate limit, body rules,
 * idempotency, the handler, the request log), authenticated as the token that sent it first. A
 * POST gets a fresh `Idempotency-Key`, so it is a new request rather than the first one's answer
 * again. The request logs are flushed before it answers, so the page can show the new one.
 */
export function createApiReplay(deps: {
  api: (request: ApiRequest, conn: ConnectionInfo) => Promise<ApiAnswer>;
  config: Pick<Config, 'publicUrl' | 'versionHeader'>;
  ids: IdGenerator;
  requestLogs: Pick<RequestLogWriter, 'flush'>;
}): ApiReplay {
  return async (replay) => {
    const headers = new Map<string, string>([
      ['accept', 'application/json'],
      [deps.config.versionHeader.toLowerCase(), '2015-07-06'],
    ]);
    if (replay.method === 'POST') headers.set('idempotency-key', randomUUID());
    const body = replay.body === null ? undefined : Buffer.from(replay.body, 'utf8');
    if (body) {
      headers.set('content-type', 'application/json');
      headers.set('content-length', String(body.length));
    }
    const request: ApiRequest = {
      method: replay.method,
      url: `${deps.config.publicUrl}${replay.path}`,
      headers: {
        get: (name) => headers.get(name.toLowerCase()) ?? null,
        has: (name) => headers.has(name.toLowerCase()),
      },
    };
    const requestId = deps.ids('request');
    const context: ConnectionInfo['context'] = {
      requestId,
      clientAddress: replay.clientAddress,
      socketAddress: replay.clientAddress,
      forwardedFor: [],
      https: true,
    };
    const answer = await deps.api(request, {
      context,
      body: body ? Readable.from([body]) : undefined,
      replayAs: { tokenId: replay.tokenId },
    });
    await deps.requestLogs.flush();
    return { status: answer.status, requestId, requestLogId: context.requestLogId };
  };
}
