import { isUtf8 } from 'node:buffer';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type TypedResponse } from '@remix-run/node';
import type { z } from 'zod';
import type { FlowStep } from '../../../server/domain/flows/steps';
import { isDomainError, type FieldIssue } from '../../../server/domain/shared/errors';
import { RESERVED_METADATA_KEYS } from '../../../server/domain/shared/metadata';
import { invalidUtf8Parameter, isStorableText } from '../../../server/domain/shared/text';
import { isReadableAddress } from '../address';
import type { FieldError } from '../../components/Form';
import { checkCsrf, guardStep, loadFlowPage, type FlowPage } from '../flow';
import { fieldMessages, formMessages, reasonMessage, type MessageContext } from './messages';

/**
 * One way for every step of the hosted flow: its loader shows what the step's presenter returns,
 * its action parses the form with the step's schema, runs the step's command, and turns anything
 * refused (a form that did not arrive whole, a domain rule) into the step again with the payer's
 * messages (400). Only a failure, never a refusal, reaches the error page.
 */

/** What a refused form sends back to its page: the messages, and what the payer typed. */
export interface StepErrors {
  errors: FieldError[];
  submitted: Record<string, string>;
}

/** A refusal a command reports without throwing: what it changed so far stays. */
export class Refusal {
  constructor(readonly issues: FieldIssue[]) {}
}

export interface StepForm<Input> {
  /** The step the form belongs to: a payer who belongs elsewhere is sent there, nothing is done. */
  step?: FlowStep;
  /** The form as the page sends it: each input present once, as text. */
  schema(page: FlowPage): z.ZodType<Input>;
  /** The page's inputs by name, with their labels (for messages next to them). */
  labels?(page: FlowPage): Record<string, string>;
  /** The element an error that names none of the inputs points to. */
  anchor(page: FlowPage): string;
  /** Does what the payer asked: answers where to go next, or a refusal. */
  command(page: FlowPage, input: Input): Promise<Response | Refusal>;
}

/** Shows a step: the payer's page, when it is one they may see now, with the presenter's view of it. */
export async function showStep<View>(
  { request, params, context }: LoaderFunctionArgs,
  step: FlowStep | null,
  present: (page: FlowPage) => View | Promise<View>,
): Promise<TypedResponse<View>> {
  const page = await loadFlowPage(request, params.flowId, context);
  if (step) guardStep(page, step);
  if (step) page.shown = step;
  return json(await present(page), page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined);
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The POSTed form, or null when there is none (no body, another format, an empty or broken one).
 * Every form of the payer pages and the dashboard is read here. No page of ours names an input
 * `__proto__`, `constructor` or `prototype`: a form that does is not one of ours (issue 40.1). A
 * form (or its page's address) whose percent-escapes are not UTF-8 did not arrive whole either:
 * URLSearchParams would read `%FF` as U+FFFD, text the payer never typed (issue 40.5).
 */
export async function readBody(request: Request): Promise<FormData | null> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (!type || !FORM_TYPES.includes(type) || !isReadableAddress(request)) return null;
  try {
    const form = type === 'multipart/form-data' ? await request.formData() : await readUrlencoded(request);
    if (!form) return null;
    const names = [...form.keys()];
    if (names.some((name) => RESERVED_METADATA_KEYS.includes(name))) return null;
    return names.length ? form : null;
  } catch {
    return null;
  }
}

/** An urlencoded form, its bytes and its percent-escapes checked as UTF-8 before they are decoded. */
async function readUrlencoded(request: Request): Promise<FormData | null> {
  const bytes = Buffer.from(await request.arrayBuffer());
  if (!isUtf8(bytes)) return null;
  const text = bytes.toString('utf8');
  if (invalidUtf8Parameter(text) !== undefined) return null;
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}

/** Each input once; one sent twice becomes a list, which no step's schema accepts. */
function entriesOf(form: FormData): Record<string, unknown> {
  // No prototype: an input's name is never the object's machinery, whatever readBody let through.
  const entries: Record<string, unknown> = Object.create(null);
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    entries[name] = values.length === 1 ? values[0] : values;
  }
  return entries;
}

/** What the payer typed, to give back to them with the messages (never the CSRF token). */
function submittedOf(form: FormData, storableOnly = false): Record<string, string> {
  const submitted: Record<string, string> = Object.create(null);
  for (const name of new Set(form.keys())) {
    const value = form.get(name);
    if (storableOnly && !(isStorableText(name) && typeof value === 'string' && isStorableText(value))) continue;
    if (name !== 'csrf' && typeof value === 'string') submitted[name] = value.trim();
  }
  return submitted;
}

const refused = (errors: FieldError[], submitted: Record<string, string> = {}) =>
  json<StepErrors>({ errors, submitted }, { status: 400 });

/** Runs a step's form: see the top of this file. */
export async function runStep<Input>(
  { request, params, context }: ActionFunctionArgs,
  form: StepForm<Input>,
): Promise<Response> {
  const response = await runStepForm(request, params.flowId, context, form);
  // The page comes back with its messages: its loader, run next in this request, titles it "Error: …".
  if (response.status === 400) context.formRefused = true;
  return response;
}

async function runStepForm<Input>(
  request: Request,
  flowId: string | undefined,
  context: ActionFunctionArgs['context'],
  form: StepForm<Input>,
): Promise<Response> {
  const page = await loadFlowPage(request, flowId, context);
  if (form.step) guardStep(page, form.step);
  if (form.step) page.shown = form.step;
  const words: MessageContext = {
    t: page.t,
    language: page.language,
    labels: form.labels?.(page) ?? {},
    anchor: form.anchor(page),
  };
  // The summary lists the messages in the order of the inputs on the page (GOV.UK), not as found.
  const order = Object.keys(words.labels);
  const rank = (error: FieldError) => (order.includes(error.field) ? order.indexOf(error.field) : order.length);
  const refuse = (errors: FieldError[], submitted?: Record<string, string>) =>
    refused(
      [...errors].sort((a, b) => rank(a) - rank(b)),
      submitted,
    );
  // Nothing is done without a form; nothing to vouch for either, so this comes before the CSRF check.
  const body = await readBody(request);
  if (!body) return refuse(formMessages([{ field: null, missing: false }], words));
  checkCsrf(request, page, body);
  const submitted = submittedOf(body);
  const entries = entriesOf(body);
  // A NUL typed into an input is refused at that input: the database could not store it.
  const unstorable = Object.keys(entries).filter((name) => {
    const value = entries[name];
    return !isStorableText(name) || (typeof value === 'string' && !isStorableText(value));
  });
  if (unstorable.length) {
    const problems = unstorable.map((name) => ({ field: isStorableText(name) ? name : null, missing: false }));
    return refuse(formMessages(problems, words), submittedOf(body, true));
  }
  const parsed = form.schema(page).safeParse(entries);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = typeof issue.path[0] === 'string' ? issue.path[0] : null;
      return { field, missing: field !== null && !(field in entries) };
    });
    return refuse(formMessages(problems, words), submitted);
  }
  try {
    const result = await form.command(page, parsed.data);
    return result instanceof Refusal ? refuse(fieldMessages(result.issues, words), submitted) : result;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const { fields } = error.options;
    return refuse(fields?.length ? fieldMessages(fields, words) : reasonMessage(error.reason, words), submitted);
  }
}
