import { describe, expect, it } from "vitest";
import { renderMail } from "@/server/mail/templates";

/** Issue 27 item 4 at the template: what the inquiry mails may carry of the visitor's text. */
describe("inquiry mails", () => {
  it("an auto-reply queued before the change (name and summary in its data) renders without them", () => {
    const m = renderMail("contact_ack", "victim@example.com", {
      name: "当選 https://evil.example/x",
      kindName: "その他のお問い合わせ",
      summary: "■内容\nhttps://evil.example/y",
    } as never);
    for (const part of [m.text, m.html]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("当選");
    }
    expect(m.text).toContain("その他のお問い合わせ");
  });

  it("staff's copy shows the visitor's text as text: escaped, no link made from it", () => {
    const m = renderMail("contact_staff", "staff@example.com", {
      contactId: 7,
      kindName: "投資相談",
      summary: "■ご相談内容\nhttps://evil.example/z <b>太字</b>",
      adminUrl: "http://localhost:3000/_kanri-7f3c/contacts/7",
    });
    expect(m.text).toContain("https://evil.example/z <b>太字</b>");
    expect(m.html).toContain("https://evil.example/z &lt;b&gt;太字&lt;/b&gt;");
    expect(m.html).not.toContain('href="https://evil.example');
    expect(m.html).toContain('<a href="http://localhost:3000/_kanri-7f3c/contacts/7">');
  });
});
