import { z } from 'zod';
import { serializeBankAuthorisation } from '../../../server/api/wire/bank-authorisations';
import { creditorTime } from '../branding';
import { frameData, seeOther, stepPath, type FlowPage } from '../flow';
import { authorisationStatus, openBankAuthorisation } from '../payer-services';
import type { StepForm } from './run-step';

/**
 * The bank step: a link to the payer's bank and, for finishing on a phone, a QR code of the same
 * link. With JavaScript the page follows the bank's answer by itself; without, the payer presses
 * "I have finished on my phone".
 */
export async function presentAuthorise(page: FlowPage) {
  const authorisation = await openBankAuthorisation(page.context, page.payer);
  const wire = serializeBankAuthorisation(authorisation, page.context.config);
  // In the creditor's time zone: the payer is most likely where the merchant trades.
  const time = creditorTime(page.creditor, page.locale, authorisation.expires_at);
  return {
    frame: frameData(page),
    url: wire.url,
    qr: `/qr/${authorisation.id}.png`,
    bank: page.payer.view.request.institution?.name ?? null,
    expires: time,
    waiting: page.url.searchParams.has('waiting'),
    // The QR hand-off to "your phone" is not offered on one (issue #38.8).
    offerPhone: !page.onPhone,
    statusUrl: `/pay/${page.payer.flow.id}/status`,
  };
}

/** "I have finished on my phone" sends nothing but the form's token. */
const schema = z.object({});

export const authoriseForm: StepForm<z.infer<typeof schema>> = {
  schema: () => schema,
  anchor: () => 'qr-title',
  /** Go where the bank's answer sends the payer, or say it has not come. */
  async command(page) {
    const status = (await authorisationStatus(page.context, page.payer)) ?? 'pending';
    const flowId = page.payer.flow.id;
    return seeOther(status === 'pending' ? `${stepPath(flowId, 'authorise')}?waiting=1` : `/pay/${flowId}/bank-return`);
  },
};
