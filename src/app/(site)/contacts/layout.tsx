// Client parts here call tRPC procedures: the provider for this segment only (issue 21).
export { ApiLayout as default } from "@/trpc/api-layout";
