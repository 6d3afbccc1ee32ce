import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plusDays } from "@/lib/constants/contact";
import { jstDay } from "@/lib/jst-date";
import { contacts } from "@/server/db/schema";
import { env } from "@/server/env";
import { contactSummary } from "@/server/contacts";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { handleRest } from "@/server/rest/handler";
import { errorOf, newEmail, useAccountSuite } from "../../helpers/accounts";
import { insertListing, validInput } from "./fixtures";

/** 内見希望日時 on a 見学 inquiry (issue 30): stored with the inquiry, in the staff mail and the staff view; REST refuses bad ones with 422. */
const s = useAccountSuite();
const today = jstDay(new Date());
const d1 = plusDays(today, 3);
const d2 = plusDays(today, 10);

async function viaRest(body: unknown) {
  const csrf = await handleRest(new Request("http://localhost:3000/sanctum/csrf-cookie"));
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const token = decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length));
  const res = await handleRest(
    new Request("http://localhost:3000/api/contacts/investment", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-xsrf-token": token,
        [PEER_HEADER]: peerHeaderValue("10.78.0.1") ?? "",
        cookie: jar.join("; "),
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe("内見希望日時", () => {
  it("is stored with the inquiry and shown to staff in the mail and the contact view", async () => {
    const listing = await insertListing(s.db);
    const email = newEmail("viewing");
    const input = {
      ...validInput("investment", email, listing),
      viewing: [
        { date: d1, band: "morning" },
        { date: "", band: "" },
        { date: d2, band: "any" },
      ],
    };
    const r = await s.browser().call((c) => c.public.contacts.investment(input as never));
    const row = (await s.db.select().from(contacts).where(eq(contacts.id, r.id)).get())!;
    expect(row.details).toEqual({
      viewing: [
        { date: d1, band: "morning" },
        { date: d2, band: "any" },
      ],
    });
    const staff = await s.sink.waitFor((m) => m.to.includes(env().STAFF_EMAIL) && m.subject.includes(`#${r.id}`));
    const [y, m, d] = d1.split("-").map(Number);
    expect(staff.text).toContain("■内見希望日時");
    expect(staff.text).toContain(`第1希望 ${y}年${m}月${d}日`);
    expect(staff.text).toContain("午前（10時〜12時）");
    expect(staff.text).toContain("第2希望");
    expect(staff.text).toContain("時間帯は問わない");
    // The admin contact view renders the stored row through the same summary.
    const view = contactSummary("investment", { viewing: (row.details as { viewing: { date: string; band: string }[] }).viewing });
    expect(view).toContain(`第1希望 ${y}年${m}月${d}日`);
  });

  it("a past date or the same choice twice is refused with Japanese field messages (tRPC and REST 422) and stores nothing", async () => {
    const listing = await insertListing(s.db);
    const email = newEmail("viewing-bad");
    const input = {
      ...validInput("investment", email, listing),
      viewing: [
        { date: plusDays(today, -1), band: "morning" },
        { date: d1, band: "evening" },
        { date: d1, band: "evening" },
      ],
    };
    const err = await errorOf(s.browser().call((c) => c.public.contacts.investment(input as never)));
    expect(err.fieldErrors).toEqual({
      "viewing.0.date": ["第1希望は明日以降の日付を選択してください"],
      "viewing.2.date": ["第3希望は他の希望と同じ日時です。別の日時を選択してください"],
    });
    const rest = await viaRest({ ...input, money: "1500", contact: { ...input.contact, tel: "06-1234-5678" } });
    expect(rest.status).toBe(422);
    expect(rest.json.errors).toMatchObject({
      "viewing.0.date": ["第1希望は明日以降の日付を選択してください"],
      "viewing.2.date": ["第3希望は他の希望と同じ日時です。別の日時を選択してください"],
    });
    expect((await s.db.select({ n: count() }).from(contacts).where(eq(contacts.email, email)).get())?.n).toBe(0);
  });
});
