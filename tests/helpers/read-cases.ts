/**
 * Reads whose rows a faster read path must give exactly as @libsql/client does (names, indexes,
 * types): the file's (fast-reads.test.ts) and a server's (kept-streams.test.ts). On seedScale data.
 */
export const READS_OF_EVERY_SHAPE: [string, string, unknown[]][] = [
  ["every column of the listings", "SELECT * FROM investments ORDER BY id", []],
  [
    "a join with two columns named id",
    "SELECT i.id, t.id, t.station_name FROM investments i JOIN investment_transports t ON t.investment_id = i.id ORDER BY t.id LIMIT 30",
    [],
  ],
  [
    "positional arguments of every kind",
    "SELECT ? AS a, ? AS b, ? AS c, ? AS d, ? AS e, typeof(?) AS f",
    [1, "文字", null, true, new Date(1_700_000_000_000), 2.5],
  ],
  ["a BLOB and a big integer", "SELECT x'00ff10' AS blob, 9007199254740991 AS big, 1.5e300 AS real", []],
];
