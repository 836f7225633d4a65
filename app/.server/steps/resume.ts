import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { mailTranslator } from '../../../i18n/mail';
import {
  frameData,
  checkCsrf,
  loadFlowPage,
  resumeNeedsCode,
  resumePath,
  saveSession,
  seeOther,
  stepPath,
  type FlowPage,
} from '../flow';
import { checkResumeCode, issueResumeCode } from '../payer-services';
import { readBody, type StepErrors } from './run-step';

/**
 * Resuming a flow in another browser or device (decision 0093): a session begun without the flow's
 * cookie after the payer answered is locked until the payer enters the one-time code mailed to the
 * email they gave. The page never shows that address whole.
 */

/** `jane.doe@example.com` → `j***@e***.com`: enough to recognise, not enough to learn. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${domain[0] ?? ''}***${tld}`;
}

const emailOf = (page: FlowPage) => page.payer.view.customer.email ?? '';

/** A locked session with answers still to resume (a flow that finished meanwhile has none to show). */
const stillLocked = (page: FlowPage) => Boolean(page.session.locked) && resumeNeedsCode(page.payer, page.now);

/** Mails a new code unless the hour's sends are spent; answers the refusal's reason, if any. */
export async function sendResumeCode(page: FlowPage): Promise<string | null> {
  const email = emailOf(page);
  const result = await issueResumeCode(page.context, page.payer, email);
  if (!result.issued) return result.reason;
  const t = mailTranslator(page.language);
  const creditor = page.payer.view.creditorName;
  const minutes = '10';
  try {
    await page.context.services.mailer.send({
      to: email,
      organisationId: page.payer.flow.organisation_id,
      subject: t('resume_code.subject', { creditor }),
      text: [
        t('resume_code.body', { creditor, code: result.code }),
        t('resume_code.expiry', { minutes }),
        t('resume_code.ignore'),
      ].join('\n\n'),
      language: page.language,
    });
  } catch {
    // The mail did not go: the payer can ask for a new code from the page.
    return 'resume_code_not_sent';
  }
  return null;
}

/** The code page, for a locked session; any other goes to its step. */
export async function showResume({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context, { resume: true });
  if (!stillLocked(page)) throw seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
  const frame = frameData(page);
  return json(
    {
      frame: { ...frame, backHref: undefined, cancelHref: undefined, progress: undefined },
      email: maskEmail(emailOf(page)),
      sent: page.url.searchParams.get('sent') === '1',
      resendAction: `${resumePath(page.payer.flow.id)}?send=1`,
    },
    { headers: { 'cache-control': 'no-store', ...(page.cookie ? { 'set-cookie': page.cookie } : {}) } },
  );
}

export type ResumeErrors = StepErrors & { reason: string };

/**
 * The code (or "Send a new code", the same page's second form): a right code unlocks the
 * session and the payer goes on at their step with their answers; anything else is the page again.
 */
export async function submitResume({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context, { resume: true });
  if (!stillLocked(page)) return seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
  const form = await readBody(request);
  if (form) checkCsrf(request, page, form);
  const refuse = (reason: string, submitted: Record<string, string> = {}) => {
    context.formRefused = true;
    return json<ResumeErrors>(
      { reason, errors: [{ field: 'code', message: page.t(`resume.error.${reason}`) }], submitted },
      { status: 400 },
    );
  };
  if (!form) return refuse('resume_code_missing');
  if (page.url.searchParams.get('send') === '1') {
    const refused = await sendResumeCode(page);
    return refused ? refuse(refused) : seeOther(`${resumePath(page.payer.flow.id)}?sent=1`);
  }
  const given = form.get('code');
  const code = typeof given === 'string' ? given.replace(/[\s-]/g, '') : '';
  const submitted = { code: typeof given === 'string' ? given.trim().slice(0, 20) : '' };
  if (!code) return refuse('resume_code_missing', submitted);
  if (!/^\d{6}$/.test(code)) return refuse('resume_code_format', submitted);
  const result = await checkResumeCode(context, page.payer, emailOf(page), code);
  if (!result.ok) return refuse(result.reason, submitted);
  const cookie = await saveSession(page, { locked: false, visited: true });
  return seeOther(stepPath(page.payer.flow.id, page.step), cookie);
}
