import { POSTAL_NOT_FOUND, postalAddress, postalLookupInput } from "@/schemas/postal";
import { consume } from "@/server/auth/rate-limit";
import { fieldInvalid } from "@/server/errors";
import { lookupPostalCode } from "@/server/postal";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** 郵便番号 → 都道府県・市区町村・町域 for the registration and profile forms (rate-limited per IP like the public forms). */
export const postalRouter = createTRPCRouter({
  lookup: publicProcedure
    .input(postalLookupInput)
    .output(postalAddress)
    .query(async ({ ctx, input }) => {
      await consume("postalLookup", ctx.ip ?? "unknown");
      const hit = lookupPostalCode(input.zip);
      if (!hit) throw fieldInvalid("zip", POSTAL_NOT_FOUND);
      return hit;
    }),
});
