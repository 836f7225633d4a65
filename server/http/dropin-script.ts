import fs from 'node:fs';
import type { Environment } from '../config';

const SOURCE = new URL('../../app/enhance/dropin/initialise.js', import.meta.url);
const STYLESHEET = new URL('../../app/enhance/dropin/dropin.css', import.meta.url);
let source: string | undefined;
let stylesheet: string | undefined;

/** The modal's stylesheet (a file, so merchant pages need not allow inline styles). */
export function dropinStylesheet(): string {
  stylesheet ??= fs.readFileSync(STYLESHEET, 'utf8');
  return stylesheet;
}

/**
 * The drop-in's initialise script (app/enhance/dropin/initialise.js) as this server serves it at
 * /billing/static/dropin/v2/initialise.js: told which environment it belongs to, so a page asking
 * for the other one is refused rather than sent to the wrong place.
 */
export function dropinInitialiseScript(environment: Environment): string {
  source ??= fs.readFileSync(SOURCE, 'utf8');
  return source.replace('__BANKFLOW_ENVIRONMENT__', environment);
}
