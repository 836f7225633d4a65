import { createLookup } from '../core';
import { en, type ApiMessageKey } from './en';
import { translations } from './translations';

export type { ApiMessageKey };

/**
 * Renders an API message in `lang`, falling back to English for a missing key, and to the key
 * itself for a key nobody defined (so an unknown key is visible, never a crash).
 */
export const apiMessage = createLookup(translations, en);
