import { api as en } from './en/api';
import { api as fr } from './fr/api';
import { api as de } from './de/api';
import { api as pt } from './pt/api';
import { api as es } from './es/api';
import { api as it } from './it/api';
import { api as nl } from './nl/api';
import { api as da } from './da/api';
import { api as nb } from './nb/api';
import { api as sl } from './sl/api';
import { api as sv } from './sv/api';
import type { ApiCatalogue, ApiMessageKey } from './en/api';
import type { Language } from './languages';
import { createLookup } from './lookup';

export type { ApiMessageKey };

/** The API's error messages in every customer language (i18n/<lang>/api.ts). */
export const API: Record<Language, ApiCatalogue> = { en, fr, de, pt, es, it, nl, da, nb, sl, sv };

/**
 * Renders an API message in `lang` (the one lookup of i18n/lookup.ts). Keys are built from error
 * reasons and field codes, so any string is taken: one no catalogue defines renders as itself.
 */
export const apiMessage = createLookup(API);
