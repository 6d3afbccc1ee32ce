import { describe, expect, it } from "vitest";
import { lazyZodResolver } from "@/components/forms/lazy-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver (forms validate with the shared schema, loaded on first use)", () => {
  it("gives the schema's Japanese messages and the parsed values, as zodResolver does", async () => {
    const resolver = lazyZodResolver(() => import("@/schemas/account").then((m) => m.loginInput));
    const bad = await resolver({ email: "", password: "" }, undefined, options);
    expect(bad.errors.email?.message).toBe("メールアドレスを入力してください");
    expect(bad.errors.password?.message).toBe("パスワードを入力してください");

    const good = await resolver({ email: "member@example.com", password: "mypage-demo-2026" }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ email: "member@example.com" });
  });

  it("loads the schema once, and again after a failed load (a chunk that did not arrive)", async () => {
    let calls = 0;
    const resolver = lazyZodResolver(async () => {
      calls += 1;
      if (calls === 1) throw new Error("ChunkLoadError");
      return (await import("@/schemas/account")).loginInput;
    });
    await expect(resolver({ email: "", password: "" }, undefined, options)).rejects.toThrow("ChunkLoadError");
    resolver.preload();
    const r = await resolver({ email: "", password: "" }, undefined, options);
    expect(r.errors.email?.message).toBe("メールアドレスを入力してください");
    await resolver({ email: "", password: "" }, undefined, options);
    expect(calls).toBe(2);
  });
});
