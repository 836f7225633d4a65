import type { Environment } from '../config';
// Their text, in the bundle (`npm run build`): the built server reads no file of the source tree.
import source from '../../app/enhance/dropin/initialise.js?raw';
import stylesheet from '../../app/enhance/dropin/dropin.css?raw';

/** The modal's stylesheet (a file, so merchant pages need not allow inline styles). */
export function dropinStylesheet(): string {
  return stylesheet;
}

/**
 * The drop-in's initialise script (app/enhance/dropin/initialise.js) as this server serves it at
 * /billing/static/dropin/v2/initialise.js: told which environment it belongs to, so a page asking
 * for the other one is refused rather than sent to the wrong place.
 */
export function dropinInitialiseScript(environment: Environment): string {
  return source.replace('__BANKFLOW_ENVIRONMENT__', environment);
}
