import { flow as en } from './en/flow';
import { flow as fr } from './fr/flow';
import { flow as de } from './de/flow';
import { flow as pt } from './pt/flow';
import { flow as es } from './es/flow';
import { flow as it } from './it/flow';
import { flow as nl } from './nl/flow';
import { flow as da } from './da/flow';
import { flow as nb } from './nb/flow';
import { flow as sl } from './sl/flow';
import { flow as sv } from './sv/flow';
import type { FlowCatalogue, FlowMessageKey } from './en/flow';
import type { Language } from './languages';
import { createLookup, type Translate as TranslateKey } from './lookup';

// The pages and components name languages through the flow's part of the tree.
export { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from './languages';
export type { FlowMessageKey };
/** Also takes keys built at run time (`error.${reason}`): an unknown one renders as itself. */
export type Translate = TranslateKey<FlowMessageKey | string>;

/** The hosted payer flow's catalogue in every customer language (i18n/<lang>/flow.ts). */
export const FLOW: Record<Language, FlowCatalogue> = { en, fr, de, pt, es, it, nl, da, nb, sl, sv };

const lookup = createLookup(FLOW);

/** A translator for the payer flow in one language (the one lookup of i18n/lookup.ts). */
export function translator(language: Language): Translate {
  return (key, params) => lookup(language, key, params);
}

/**
 * A field label as it reads inside a sentence ("Enter your {field}"). English lowercases the
 * first word unless it is an acronym (IBAN, BSB, CPR, PayID); the other catalogues quote the label,
 * so it stays as written (German nouns keep their capital).
 */
export function labelInSentence(language: Language, label: string): string {
  if (language !== 'en') return label;
  const first = label.split(' ')[0] ?? '';
  return /[A-Z].*[A-Z]/.test(first) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
