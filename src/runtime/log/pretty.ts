import type { DestinationStream } from 'pino';

/**
 * prettyDestination formats pino JSON records as `time LEVEL msg key=value ...` lines for development,
 * without pulling pino-pretty (and its transport worker) into an operator's dependencies.
 */
export function prettyDestination(out: { write(chunk: string): unknown }): DestinationStream {
  return {
    write(line: string): void {
      out.write(formatRecord(line));
    },
  };
}

/** formatRecord turns one JSON log line into a readable one; lines that are not JSON pass through. */
export function formatRecord(line: string): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const { time, level, msg, ...rest } = rec;
  const fields = Object.entries(rest)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v)}`)
    .join(' ');
  const head = `${String(time ?? '')} ${String(level ?? '')
    .toUpperCase()
    .padEnd(5)} ${String(msg ?? '')}`;
  return fields === '' ? `${head}\n` : `${head}\t${fields}\n`;
}
