/** The session log's schema version (session-events.ts declares its lines; log-upgrade.ts reads older ones). */
export const SESSION_LOG_VERSION = 2 as const;
