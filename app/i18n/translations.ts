import type { Language } from '../../server/i18n/languages';
import { de } from './de';
import type { FlowMessageKey } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { pt } from './pt';

/** The flow's catalogue in the other languages, one file per language. */
export const translations: Partial<Record<Language, Record<FlowMessageKey, string>>> = { fr, de, pt, es, it };
