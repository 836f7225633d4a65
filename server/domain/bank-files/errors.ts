/**
 * Why a file could not be written (bad input: the integration must not mark anything submitted)
 * or a report could not be read (refused whole; `line` is 1-based in the report's text).
 */
export class BankFileError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'BankFileError';
  }
}

export function refuse(code: string, message: string, line?: number): never {
  throw new BankFileError(code, message, line);
}
