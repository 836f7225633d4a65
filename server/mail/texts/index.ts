import type { Language } from '../../domain/shared/languages';
import { da } from './da';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nb } from './nb';
import { nl } from './nl';
import { pt } from './pt';
import { sl } from './sl';
import { sv } from './sv';
import type { MailTexts } from './types';

export type { MailTexts } from './types';

/** The payer mails' words in the payer pages' 11 languages (a unit test compares their keys). */
export const MAIL_TEXTS: Record<Language, MailTexts> = { en, fr, de, pt, es, it, nl, da, nb, sl, sv };

export const mailTextsFor = (language: string): MailTexts => MAIL_TEXTS[language as Language] ?? en;
