import { mail as en } from './en/mail';
import { mail as fr } from './fr/mail';
import { mail as de } from './de/mail';
import { mail as pt } from './pt/mail';
import { mail as es } from './es/mail';
import { mail as it } from './it/mail';
import { mail as nl } from './nl/mail';
import { mail as da } from './da/mail';
import { mail as nb } from './nb/mail';
import { mail as sl } from './sl/mail';
import { mail as sv } from './sv/mail';
import type { MailCatalogue, MailMessageKey } from './en/mail';
import { isLanguage, type Language } from './languages';
import { createLookup, type Translate } from './lookup';

export type { MailMessageKey };
export type MailTranslate = Translate<MailMessageKey>;

/** The payer mails' words in the payer pages' 11 languages (i18n/<lang>/mail.ts). */
export const MAIL: Record<Language, MailCatalogue> = { en, fr, de, pt, es, it, nl, da, nb, sl, sv };

const lookup = createLookup(MAIL);

/**
 * A translator for one payer's mails. A notice carries its language as stored text, so one we do
 * not speak reads English, as the payer pages do for it.
 */
export function mailTranslator(language: string): MailTranslate {
  const known: Language = isLanguage(language) ? language : 'en';
  return (key, params) => lookup(known, key, params);
}
