import pino, { type Logger, type DestinationStream } from 'pino';
import { serializeError } from './error-serializer';

export type { Logger };

/**
 * JSON logs. Header values that carry credentials are redacted wherever they appear; handlers
 * never log bodies, so passwords and issued secrets cannot reach a log line; errors are logged
 * through `serializeError`, which keeps no statement parameters, rows or entities.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'faktura' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
      redact: {
        paths: [
          'authorization',
          'cookie',
          'headers.authorization',
          'headers.cookie',
          '*.password',
          '*.token',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
