import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStatementTimedOut } from './unavailable';

/** Errors as the drivers raise them: drizzle wraps the driver's error as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a database that cannot be reached', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a server shutting down', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', pgError('57P03', 'the database system is starting up')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a database closed to connections', pgError('55000', 'database "shop" is not currently accepting connections')],
    ['no answer while connecting', new Error('timeout exceeded when trying to connect')],
    ['the embedded database closed', new Error('PGlite is closed')],
  ])('is recognised in %s, also wrapped by drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('is not confused with %s', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('a statement stopped by its timeout', () => {
  const timedOut = pgError('57014', 'canceling statement due to statement timeout');

  it('is recognised, also wrapped by drizzle, and is not a database out of reach', () => {
    expect(isStatementTimedOut(timedOut)).toBe(true);
    expect(isStatementTimedOut(wrapped(timedOut))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(timedOut))).toBe(false);
  });

  it.each([
    ['a server shutting down', pgError('57P01', 'terminating connection due to administrator command')],
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['nothing', undefined],
  ])('is not confused with %s', (_name, error) => {
    expect(isStatementTimedOut(wrapped(error))).toBe(false);
  });
});
