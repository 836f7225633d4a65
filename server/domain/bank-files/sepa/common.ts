import { isValidBIC, isValidIBAN } from 'ibantools';
import { refuse } from '../errors';
import { SEPA_CHARSET, toCharset } from '../text';
import { escapeXml, leaf } from '../xml';

/** What pain.008 and pain.001 share: identifiers, parties, accounts and agents in both schema generations. */

/** `02`/`03` are the 2009 messages, `08`/`09` the 2019 ones (agent BIC element `BIC` → `BICFI`). */
export type Generation = 2009 | 2019;

export interface SepaAddress {
  country: string;
  lines?: string[];
}

export interface SepaParty {
  name: string;
  iban: string;
  /** Optional in SEPA; absent → `Othr/Id` NOTPROVIDED. */
  bic?: string;
  address?: SepaAddress;
}

const SEPA_ID = /^[A-Za-z0-9/?:().,'+ -]{1,35}$/;

/** Matching keys (MsgId, PmtInfId, EndToEndId, MndtId) are refused, never altered, when outside the set. */
export function sepaId(value: string, field: string): string {
  if (!SEPA_ID.test(value) || value.trim() !== value || value.startsWith('/') || value.includes('//'))
    refuse('invalid_' + field, `${field} "${value}" is not a SEPA identifier (35 characters of the Latin set)`);
  return value;
}

/** Free text in the Latin set, spaces collapsed, cut to `length`. */
export function sepaText(value: string, length: number): string {
  return toCharset(value, SEPA_CHARSET).replace(/\s+/g, ' ').trim().slice(0, length).trim();
}

export function iban(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!isValidIBAN(compact)) refuse('invalid_iban', `"${value}" is not a valid IBAN`);
  return compact;
}

const CREDITOR_ID = /^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/;

export function creditorIdentifier(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!CREDITOR_ID.test(compact)) refuse('invalid_creditor_identifier', `"${value}" is not a SEPA creditor identifier`);
  return compact;
}

function address(a: SepaAddress | undefined): string {
  if (!a) return '';
  if (!/^[A-Z]{2}$/.test(a.country)) refuse('invalid_country', `"${a.country}" is not a country code`);
  const lines = (a.lines ?? []).slice(0, 2).map((line) => leaf('AdrLine', sepaText(line, 70)));
  return `<PstlAdr><Ctry>${a.country}</Ctry>${lines.join('')}</PstlAdr>`;
}

export function party(tag: string, p: { name: string; address?: SepaAddress }, extra = ''): string {
  return `<${tag}><Nm>${escapeXml(sepaText(p.name, 70))}</Nm>${address(p.address)}${extra}</${tag}>`;
}

export function account(tag: string, value: string): string {
  return `<${tag}><Id><IBAN>${iban(value)}</IBAN></Id></${tag}>`;
}

export function agent(tag: string, bic: string | undefined, generation: Generation): string {
  if (!bic) return `<${tag}><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></${tag}>`;
  const compact = bic.toUpperCase();
  if (!isValidBIC(compact)) refuse('invalid_bic', `"${bic}" is not a BIC`);
  const element = generation === 2019 ? 'BICFI' : 'BIC';
  return `<${tag}><FinInstnId><${element}>${compact}</${element}></FinInstnId></${tag}>`;
}

/** The creditor identifier as SEPA puts it: a private id under scheme name `SEPA`. */
export function creditorSchemeId(tag: string, id: string, name?: string): string {
  const nm = name ? `<Nm>${escapeXml(sepaText(name, 70))}</Nm>` : '';
  return `<${tag}>${nm}<Id><PrvtId><Othr><Id>${creditorIdentifier(id)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></${tag}>`;
}

export function isoDateTime(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value))
    refuse('invalid_date_time', `"${value}" is not an ISO date-time`);
  return value;
}

export function isoDate(value: string, field: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) refuse('invalid_' + field, `${field} "${value}" is not an ISO date`);
  return value;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
