/**
 * operator-ts/runtime/log: structured JSON logs (pino) with constant messages and key/value fields, after
 * controller-runtime's `logr` use: {@link newLogger} for the manager, {@link withValues} and
 * {@link withName} for child loggers, {@link silentLogger} for tests.
 *
 * @packageDocumentation
 */
export {
  newLogger,
  parseLogLevel,
  silentLogger,
  withName,
  withValues,
  type Logger,
  type LoggerOptions,
  type LogLevel,
} from './logger.js';
