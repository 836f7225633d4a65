import type { Services } from '../container';
import { checkFeeSchedule, type FeeSchedule } from '../domain/fees/rules';

/**
 * `npm run cli -- fees …`: the operator sets what an organisation pays per confirmed payment.
 * Without a schedule of its own an organisation pays the default (README: "Fees").
 */
export const FEES_HELP = `  fees show --organisation <OR…>                 the organisation's fee schedule (or the default)
  fees set --organisation <OR…> --percent-bps <n> --fixed <minor units> [--cap <minor units>|none]
                                                 per confirmed payment: n/100 % of it plus the fixed part, capped`;

export interface FeeCommand {
  action: string | undefined;
  organisation: string | undefined;
  percentBps: string | undefined;
  fixed: string | undefined;
  cap: string | undefined;
}

type Print = (human: string, data: unknown) => void;

const describe = (s: FeeSchedule) =>
  `${s.percentBasisPoints / 100}% + ${s.fixedMinor} minor units${s.capMinor === null ? ', no cap' : `, at most ${s.capMinor}`}`;

const whole = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : NaN);

export async function runFeesCommand(
  command: FeeCommand,
  services: Services,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  if (!command.organisation) throw usage('--organisation is required');
  const organisationId = command.organisation;
  if (command.action === 'show') {
    const schedule = await services.fees.get(services.db, organisationId);
    print(describe(schedule), schedule);
    return 0;
  }
  if (command.action !== 'set') throw usage(`unknown command: fees ${command.action ?? ''}`);
  const schedule: FeeSchedule = {
    percentBasisPoints: whole(command.percentBps),
    fixedMinor: whole(command.fixed),
    capMinor: command.cap === undefined || command.cap === 'none' ? null : whole(command.cap),
  };
  const problems = checkFeeSchedule(schedule);
  if (problems.length) throw usage(problems.join('; '));
  const organisations = await services.access.listOrganisations(services.db);
  if (!organisations.some((o) => o.id === organisationId)) throw usage(`no organisation ${organisationId}`);
  await services.db.transaction((tx) => services.fees.set(tx, organisationId, schedule));
  print(`Organisation ${organisationId} now pays ${describe(schedule)}.`, schedule);
  return 0;
}
