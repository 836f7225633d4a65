import type http from 'node:http';
import type https from 'node:https';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config';

/**
 * What slow or greedy clients may hold (issue 17, defect 5). Node enforces the timeouts: the headers
 * must arrive within `headersTimeout`, the whole request (body included) within `requestTimeout`,
 * and the TLS handshake within the headers' time too. The tracker below caps connections in total
 * and per client address; a connection over a cap is closed before any byte is read from it.
 */
export function timeoutOptions(limits: ConnectionLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.bodyTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts on this interval (30 s by default, too coarse for a 10 s limit).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    handshakeTimeout: limits.headersTimeoutMs,
  };
}

export interface ConnectionTracker {
  /** Connections open now, over every listener it watches. */
  open(): number;
  /** Connections closed at once because a cap was reached, since start. */
  refused(): number;
  watch(server: http.Server | https.Server): void;
}

export function createConnectionTracker(limits: ConnectionLimits): ConnectionTracker {
  const perAddress = new Map<string, number>();
  const servers: (http.Server | https.Server)[] = [];
  let total = 0;
  let refusedCount = 0;

  const admit = (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const fromAddress = perAddress.get(address) ?? 0;
    if (total >= limits.maxConnections) {
      // Idle keep-alive connections are the cheapest to give up before refusing a new client.
      for (const server of servers) server.closeIdleConnections();
    }
    const overTotal = total >= limits.maxConnections;
    const overAddress = limits.maxConnectionsPerIp > 0 && fromAddress >= limits.maxConnectionsPerIp;
    if (overTotal || overAddress) {
      refusedCount += 1;
      socket.destroy();
      return;
    }
    total += 1;
    perAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      total -= 1;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  };

  return {
    open: () => total,
    refused: () => refusedCount,
    watch(server) {
      servers.push(server);
      server.maxRequestsPerSocket = limits.maxRequestsPerConnection;
      // 'connection' comes with the raw socket, before TLS: a refused client costs no handshake.
      server.on('connection', admit);
    },
  };
}
