import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { NoticeContent, NoticeType } from '../../domain/notifications/types';
import { bodySafe, formatDate, formatMoney } from '../format';
import type { MailTranslate } from '../../../i18n/mail';
import { Details, Layout, Paragraph } from './layout';

/** What each template receives: the notice's content and its language's words. */
export interface NoticeProps {
  content: NoticeContent;
  t: MailTranslate;
}

const creditorOf = (c: NoticeContent) => bodySafe(c.creditor.name, 100);

function Frame(props: NoticeProps & { children?: React.ReactNode }) {
  const { content: c, t } = props;
  const creditor = creditorOf(c);
  const heading = t(`subject.${c.type}`, { creditor });
  return (
    <Layout
      lang={c.language}
      preview={heading}
      creditorName={creditor}
      heading={heading}
      footer={t('footer', { creditor })}
    >
      <Paragraph>
        {c.customerName ? t('greeting', { name: bodySafe(c.customerName, 100) }) : t('greetingAnonymous')}
      </Paragraph>
      <Paragraph>{t(`intro.${c.type}`, { creditor })}</Paragraph>
      {props.children}
    </Layout>
  );
}

function PaymentDetails({ content: c, t }: NoticeProps) {
  const p = c.payment;
  if (!p) return null;
  return (
    <Details
      rows={[
        [t('amount'), formatMoney(p.amount, p.currency, c.language)],
        [t('chargeDate'), p.chargeDate ? formatDate(p.chargeDate, c.language) : null],
        [t('reference'), p.reference ? bodySafe(p.reference) : null],
        [t('description'), p.description ? bodySafe(p.description) : null],
        [t('mandateReference'), c.mandateReference],
      ]}
    />
  );
}

function Schedule({ content: c, t }: NoticeProps) {
  if (!c.schedule?.length) return null;
  return (
    <Section>
      <Text style={{ fontWeight: 700, margin: '12px 0 4px' }}>
        {t('scheduleAhead')}
        {c.scheduleName ? ` — ${bodySafe(c.scheduleName, 100)}` : ''}
      </Text>
      {c.schedule.map((charge, i) => (
        <Text key={i} style={{ margin: '2px 0' }}>
          {formatDate(charge.chargeDate, c.language)}: {formatMoney(charge.amount, charge.currency, c.language)}
        </Text>
      ))}
    </Section>
  );
}

function CreditorBlock({ content: c, t }: NoticeProps) {
  return (
    <Details
      rows={[
        [t('creditorDetails'), [creditorOf(c), ...c.creditor.address].join(', ')],
        [t('mandateReference'), c.mandateReference],
      ]}
    />
  );
}

const Cancel = ({ content: c, t }: NoticeProps) => (
  <Paragraph>{t('howToCancel', { creditor: creditorOf(c) })}</Paragraph>
);

function SchemeText({ content: c }: NoticeProps) {
  if (!c.schemeText) return null;
  // Each part under its own heading: Bacs's Instruction to the bank, then the Guarantee (issue #38.7).
  const sections = c.schemeText.sections ?? [{ title: c.schemeText.title, paragraphs: c.schemeText.paragraphs }];
  return (
    <Section style={{ border: '1px solid #b1b4b6', padding: '8px 16px', margin: '12px 0' }}>
      {sections.map((section, s) => (
        <Section key={s}>
          <Heading as="h2" style={{ fontSize: '15px', fontWeight: 700, margin: '12px 0 4px' }}>
            {section.title}
          </Heading>
          {section.paragraphs.map((p, i) => (
            <Text key={i} style={{ fontSize: '13px', lineHeight: '18px' }}>
              {p}
            </Text>
          ))}
        </Section>
      ))}
    </Section>
  );
}

export const MandateCreated = (p: NoticeProps) => (
  <Frame {...p}>
    <CreditorBlock {...p} />
    <SchemeText {...p} />
    <Cancel {...p} />
  </Frame>
);
export const PaymentCreated = (p: NoticeProps) => (
  <Frame {...p}>
    <PaymentDetails {...p} />
    <Schedule {...p} />
    <Cancel {...p} />
  </Frame>
);
export const PaymentCancelled = (p: NoticeProps) => (
  <Frame {...p}>
    <PaymentDetails {...p} />
  </Frame>
);
export const PaymentFailed = (p: NoticeProps) => (
  <Frame {...p}>
    <PaymentDetails {...p} />
    <Paragraph>{p.content.willRetry ? p.t('retryYes') : p.t('retryNo', { creditor: creditorOf(p.content) })}</Paragraph>
  </Frame>
);
export const SubscriptionCreated = (p: NoticeProps) => (
  <Frame {...p}>
    <Schedule {...p} />
    <CreditorBlock {...p} />
    <Cancel {...p} />
  </Frame>
);
export const SubscriptionCancelled = (p: NoticeProps) => <Frame {...p} />;
export const InstalmentScheduleCancelled = (p: NoticeProps) => <Frame {...p} />;
export const MandateCancelled = (p: NoticeProps) => (
  <Frame {...p}>
    <CreditorBlock {...p} />
  </Frame>
);
export const RefundCreated = (p: NoticeProps) => (
  <Frame {...p}>
    <Details
      rows={[
        [
          p.t('amount'),
          p.content.refund ? formatMoney(p.content.refund.amount, p.content.refund.currency, p.content.language) : null,
        ],
        [p.t('reference'), p.content.refund?.reference ? bodySafe(p.content.refund.reference) : null],
      ]}
    />
  </Frame>
);
export const BillingRequestNotify = (p: NoticeProps) => (
  <Frame {...p}>
    {p.content.link ? (
      <Button href={p.content.link} style={{ background: '#00703c', color: '#ffffff', padding: '10px 16px' }}>
        {p.t('continue')}
      </Button>
    ) : null}
    {p.content.link ? <Text>{p.content.link}</Text> : null}
  </Frame>
);

/** One template per notice (issue 21); previewable with `bankflow mailbox preview <type>`. */
export const NOTICE_TEMPLATES: Record<NoticeType, (p: NoticeProps) => React.ReactElement> = {
  mandate_created: MandateCreated,
  payment_created: PaymentCreated,
  payment_cancelled: PaymentCancelled,
  payment_failed: PaymentFailed,
  subscription_created: SubscriptionCreated,
  subscription_cancelled: SubscriptionCancelled,
  instalment_schedule_created: SubscriptionCreated,
  instalment_schedule_cancelled: InstalmentScheduleCancelled,
  mandate_cancelled: MandateCancelled,
  mandate_expired: MandateCancelled,
  refund_created: RefundCreated,
  billing_request_notify: BillingRequestNotify,
};
