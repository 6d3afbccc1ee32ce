// Integration tests log nothing unless asked; keeps the output readable.
process.env.LOG_LEVEL ??= "silent";
process.env.NODE_ENV ??= "test";
