import { handleRest } from "@/server/rest/handler";

// The spec's REST paths (see src/server/rest/routes.ts); every method goes through one adapter.
export const dynamic = "force-dynamic";
export { handleRest as GET, handleRest as POST, handleRest as PATCH, handleRest as PUT, handleRest as DELETE, handleRest as OPTIONS };
