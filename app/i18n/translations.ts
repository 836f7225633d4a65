import type { Language } from '../../server/i18n/languages';
import type { FlowMessageKey } from './en';

/** The flow's catalogue in the other languages, one file per language. */
export const translations: Partial<Record<Language, Partial<Record<FlowMessageKey, string>>>> = {};
