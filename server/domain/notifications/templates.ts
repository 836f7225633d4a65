import type { MailMessage } from './mailer';

/** The payer's e-mail asking them to complete a billing request, in their language (English otherwise). */
const TEXTS: Record<string, { subject: string; body: string }> = {
  en: {
    subject: '{creditor} asks you to set up a payment',
    body: '{creditor} has asked you to complete a payment set-up.\n\nContinue here: {link}\n',
  },
  fr: {
    subject: '{creditor} vous invite à configurer un paiement',
    body: '{creditor} vous invite à finaliser la configuration d’un paiement.\n\nContinuer ici : {link}\n',
  },
  de: {
    subject: '{creditor} bittet Sie, eine Zahlung einzurichten',
    body: '{creditor} bittet Sie, die Einrichtung einer Zahlung abzuschließen.\n\nHier fortfahren: {link}\n',
  },
  pt: {
    subject: '{creditor} pede-lhe que configure um pagamento',
    body: '{creditor} pediu-lhe que conclua a configuração de um pagamento.\n\nContinue aqui: {link}\n',
  },
  es: {
    subject: '{creditor} le pide que configure un pago',
    body: '{creditor} le ha pedido que complete la configuración de un pago.\n\nContinúe aquí: {link}\n',
  },
  it: {
    subject: '{creditor} ti chiede di impostare un pagamento',
    body: '{creditor} ti ha chiesto di completare l’impostazione di un pagamento.\n\nContinua qui: {link}\n',
  },
  nl: {
    subject: '{creditor} vraagt u een betaling in te stellen',
    body: '{creditor} vraagt u het instellen van een betaling af te ronden.\n\nGa hier verder: {link}\n',
  },
  da: {
    subject: '{creditor} beder dig oprette en betaling',
    body: '{creditor} har bedt dig om at gennemføre oprettelsen af en betaling.\n\nFortsæt her: {link}\n',
  },
  nb: {
    subject: '{creditor} ber deg sette opp en betaling',
    body: '{creditor} har bedt deg fullføre oppsettet av en betaling.\n\nFortsett her: {link}\n',
  },
  sl: {
    subject: '{creditor} vas prosi, da nastavite plačilo',
    body: '{creditor} vas prosi, da dokončate nastavitev plačila.\n\nNadaljujte tukaj: {link}\n',
  },
  sv: {
    subject: '{creditor} ber dig att ställa in en betalning',
    body: '{creditor} har bett dig att slutföra inställningen av en betalning.\n\nFortsätt här: {link}\n',
  },
};

export function notificationEmail(input: {
  to: string;
  language: string;
  creditorName: string;
  link: string;
}): MailMessage {
  const text = TEXTS[input.language] ?? TEXTS.en!;
  const fill = (s: string) => s.replaceAll('{creditor}', input.creditorName).replaceAll('{link}', input.link);
  return {
    to: input.to,
    language: TEXTS[input.language] ? input.language : 'en',
    subject: fill(text.subject),
    text: fill(text.body),
  };
}
