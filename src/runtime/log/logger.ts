import { pino, type Logger as PinoLogger, type DestinationStream, type LevelWithSilent } from 'pino';
import { prettyDestination } from './pretty.js';

/** Logger is the structured logger used across the runtime (a pino logger). */
export type Logger = PinoLogger;

/** LogLevel is a level name accepted by {@link newLogger}; `silent` disables output. */
export type LogLevel = LevelWithSilent;

const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LoggerOptions configures {@link newLogger}. */
export interface LoggerOptions {
  /** Minimum level; defaults to `info` (`debug` in development mode). Accepts a flag value such as `--zap-log-level`. */
  level?: string;
  /** Development mode: human-readable single-line output and `debug` by default, like zap's development mode. */
  development?: boolean;
  /** Static key/values put on every record, such as `{ controller: 'memcached' }`. */
  bindings?: Record<string, unknown>;
  /** Where records go; stdout when absent. Useful in tests. */
  destination?: DestinationStream;
}

/** parseLogLevel validates a level from a flag or environment variable, falling back to `fallback` when empty. */
export function parseLogLevel(value: string | undefined, fallback: LogLevel = 'info'): LogLevel {
  if (value === undefined || value === '') return fallback;
  const lower = value.toLowerCase();
  // zap's numeric verbosity: higher means chattier.
  if (/^\d+$/.test(lower)) return Number(lower) >= 2 ? 'trace' : Number(lower) >= 1 ? 'debug' : 'info';
  if (lower === 'warning') return 'warn';
  const match = LEVELS.find((l) => l === lower);
  if (match === undefined) {
    throw new Error(`unknown log level "${value}": expected one of ${LEVELS.join(', ')}`);
  }
  return match;
}

/**
 * newLogger returns a pino logger writing JSON records (`level` as a label, ISO `time`, `msg`) to stdout,
 * or human-readable lines in development mode.
 */
export function newLogger(options: LoggerOptions = {}): Logger {
  const level = parseLogLevel(options.level, options.development === true ? 'debug' : 'info');
  const destination =
    options.destination ?? (options.development === true ? prettyDestination(process.stdout) : undefined);
  const config = {
    level,
    base: options.bindings ?? null,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  return destination === undefined ? pino(config) : pino(config, destination);
}

/** withValues returns a child logger that adds the given key/values to every record, like logr's WithValues. */
export function withValues(logger: Logger, values: Record<string, unknown>): Logger {
  return logger.child(values);
}

/** withName returns a child logger whose records carry `logger: <parent>.<name>`, like logr's WithName. */
export function withName(logger: Logger, name: string): Logger {
  const parent = (logger.bindings() as { logger?: unknown }).logger;
  return logger.child({ logger: typeof parent === 'string' && parent !== '' ? `${parent}.${name}` : name });
}

/** silentLogger returns a logger that drops everything; the default where no logger is given (tests). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
