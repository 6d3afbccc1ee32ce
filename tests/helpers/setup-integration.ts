// Integration tests log nothing unless asked; keeps the output readable.
process.env.LOG_LEVEL ??= "silent";
(process.env as Record<string, string | undefined>).NODE_ENV ??= "test";
