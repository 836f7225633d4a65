// Preloaded (`node --expose-gc --require …`) into a spawned server by the webhook fault test and
// script: a full collection every FORCE_GC_MS (default 250 ms), so anything held only weakly (an
// AbortSignal.timeout under AbortSignal.any, issue 40.2) is collected long before it would fire.
if (typeof globalThis.gc !== 'function') throw new Error('force-gc.cjs needs node --expose-gc');
setInterval(() => globalThis.gc(), Number(process.env.FORCE_GC_MS || 250)).unref();
