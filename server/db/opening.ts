import type pg from 'pg';
import {
  canOpenInline,
  OPENING_BEGIN,
  OPENING_TIMEOUT,
  timeoutSetting,
  type Opening,
  type Statement,
} from './shaped-query';

type Sent<T> = Promise<{ rows: T[]; rowCount: number }>;
/** db.ts's `send` on this transaction's client. */
type Send = <T>(statement: Statement | string) => Sent<T>;

/**
 * A Postgres transaction opened by its first statement (decision 0060). `BEGIN` and the statement
 * timeout used to take a round trip of their own before the first statement; now they go in the
 * same batch as that statement, so a create of two INSERTs takes three round trips, not four.
 *
 * The opening is bound to statements the connection prepared in its first transaction, which opens
 * the long way (one round trip each for BEGIN and the timeout, once per connection). Nothing is
 * opened until something is sent, so a unit of work that sends nothing commits nothing.
 */
export class TransactionOpening {
  /** Whether anything that opens the transaction has been sent (so COMMIT or ROLLBACK must follow). */
  started = false;
  /** The opening sent the long way, which every statement of this transaction then waits for. */
  private separate: Promise<unknown> | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly timeoutMs: number | undefined,
    private readonly sendNow: Send,
  ) {}

  send<T>(statement: Statement | string): Sent<T> {
    if (!this.started) {
      this.started = true;
      const opening: Opening = { timeoutMs: this.timeoutMs };
      if (typeof statement !== 'string' && canOpenInline(this.client, opening)) {
        statement.opening = opening;
        return this.sendNow<T>(statement);
      }
      this.separate = this.openSeparately();
    }
    if (this.separate) return this.separate.then(() => this.sendNow<T>(statement));
    return this.sendNow<T>(statement);
  }

  /** For a script (no parameters, several statements): the transaction must be open first. */
  async beforeScript(): Promise<void> {
    if (!this.started) {
      this.started = true;
      this.separate = this.openSeparately();
    }
    await this.separate;
  }

  /** BEGIN, then the timeout, each prepared by name so later transactions can bind them. */
  private async openSeparately(): Promise<void> {
    await this.sendNow({ ...OPENING_BEGIN, values: [] });
    if (this.timeoutMs !== undefined) {
      await this.sendNow({ ...OPENING_TIMEOUT, values: [timeoutSetting(this.timeoutMs)] });
    }
  }
}
