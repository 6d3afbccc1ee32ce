import { handleTrpcRequest } from "@/server/api/fetch";

export { handleTrpcRequest as GET, handleTrpcRequest as POST };
