import {
  adminForgotPasswordInput,
  adminInfo,
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
  firstLoginInput,
  forgotPasswordInput,
  loginInput,
  loginResult,
  notificationInput,
  passwordChangeResult,
  profileInput,
  registerInput,
  resetPasswordInput,
  signupInput,
  userInfo,
} from "@/schemas/account";
import { accountDetailDto, accountPageDto, accountSearchInput, accountStatusInput, accountTypeInput, registerMemberInput } from "@/schemas/admin/accounts";
import { createInvestmentInput, updateInvestmentBody } from "@/schemas/admin/investment";
import { rentRollCsvInput, rentRollCsvResult } from "@/schemas/admin/investment-economics";
import { siteOptionsInput } from "@/schemas/admin/options";
import { created, existsResult, statusOk } from "@/schemas/common";
import { loanTermsInput, loanTermsResult } from "@/schemas/loan-terms";
import { contactInputs, contactSubmitted, memberContactDto } from "@/schemas/contact";
import { filterDto, saveFilterInput, updateFilterInput } from "@/schemas/filter";
import { investmentDetailResult, investmentPageDto } from "@/schemas/investment";
import { mapViewDto, mapViewParams } from "@/schemas/map";
import { matchingDto, matchingReadInput, matchingsDeleted, removeMatchingsInput } from "@/schemas/matching";
import { publicListParams } from "@/schemas/search";
import { z } from "@/schemas/zod";
import { siteCounts } from "@/server/options";
import { toAccountDetail, toInvestmentDetail, toPage, withUnderscoreId } from "./dto";
import { route } from "./route";

/**
 * The spec's REST paths (§7), each pointing at one tRPC procedure, with the
 * body it answers pinned by an output schema (src/schemas/*: `_id`, the
 * spec's snake_case names, nested groups) and, where it reads a body or a
 * query, the procedure's own input schema (for the OpenAPI document). No
 * business rule lives here: only how a path reads its input and which names
 * its answer uses.
 */
/** A path's record id, for the procedures that take `{ id }` (they parse it: a bad one is a 422). */
const idOf = (i: { params: { id: string } }) => ({ id: i.params.id });

export const routes = [
  // ── Sanctum (auth) ──
  route("POST", "/sanctum/signup", (c, i) => c.public.auth.signup(i.input), {
    input: signupInput,
    output: statusOk,
    doc: { throttled: true, summary: "会員登録メール送信 (recaptcha_token, action Signup)", tag: "auth" },
  }),
  route("POST", "/sanctum/register", (c, i) => c.public.auth.register(i.input), {
    input: registerInput,
    output: statusOk,
    doc: { throttled: true, summary: "本登録", tag: "auth" },
  }),
  route("POST", "/sanctum/login", (c, i) => c.public.auth.login(i.input), {
    input: loginInput,
    output: loginResult,
    doc: { throttled: true, summary: "会員ログイン (action Login)", tag: "auth" },
  }),
  route("POST", "/sanctum/admin/login", (c, i) => c.public.auth.adminLogin(i.input), {
    input: loginInput,
    output: loginResult,
    doc: { throttled: true, summary: "管理者ログイン (action AdminLogin)", tag: "auth" },
  }),
  route("POST", "/sanctum/reset-password/first-login", (c, i) => c.public.auth.firstLogin(i.input), {
    input: firstLoginInput,
    output: loginResult,
    doc: { throttled: true, summary: "初回ログイン (仮パスワードの変更)", tag: "auth" },
  }),
  route("POST", "/sanctum/admin/reset-password/first-login", (c, i) => c.public.auth.adminFirstLogin(i.input), {
    input: firstLoginInput,
    output: loginResult,
    doc: { throttled: true, summary: "管理者 初回ログイン", tag: "auth" },
  }),
  route("POST", "/sanctum/forgot-password", (c, i) => c.public.auth.forgotPassword(i.input), {
    input: forgotPasswordInput,
    output: statusOk,
    doc: { throttled: true, summary: "パスワード再設定メール (action ForgotPassword)", tag: "auth" },
  }),
  route("POST", "/sanctum/admin/forgot-password", (c, i) => c.public.auth.adminForgotPassword(i.input), {
    input: adminForgotPasswordInput,
    output: statusOk,
    doc: { throttled: true, summary: "管理者 パスワード再設定メール", tag: "auth" },
  }),
  route("POST", "/sanctum/reset-password", (c, i) => c.public.auth.resetPassword(i.input), {
    input: resetPasswordInput,
    output: statusOk,
    doc: { throttled: true, summary: "パスワード再設定", tag: "auth" },
  }),
  route("POST", "/sanctum/admin/reset-password", (c, i) => c.public.auth.adminResetPassword(i.input), {
    input: resetPasswordInput,
    output: statusOk,
    doc: { throttled: true, summary: "管理者 パスワード再設定", tag: "auth" },
  }),
  route("POST", "/sanctum/logout", (c) => c.public.auth.logout(), { status: 204, doc: { summary: "会員ログアウト", tag: "auth" } }),
  route("POST", "/sanctum/admin/logout", (c) => c.public.auth.adminLogout(), { status: 204, doc: { summary: "管理者ログアウト", tag: "auth" } }),
  route("GET", "/api/user/info", (c) => c.member.account.info(), { output: userInfo, doc: { summary: "ログイン中の会員", tag: "member", auth: "member" } }),
  route("GET", "/api/admin/user/info", (c) => c.admin.account.info(), {
    output: adminInfo,
    doc: { summary: "ログイン中の管理者", tag: "admin", auth: "admin" },
  }),
  route("POST", "/api/admin/user/password", (c, i) => c.admin.account.changePassword(i.input), {
    input: changePasswordInput,
    output: statusOk,
    doc: { throttled: true, summary: "管理者 パスワード変更", tag: "admin", auth: "admin" },
  }),

  // ── member ──
  route("POST", "/api/user", (c, i) => c.member.account.update(i.input), {
    input: profileInput,
    output: statusOk,
    doc: { summary: "会員情報の更新", tag: "member", auth: "member" },
  }),
  route("POST", "/api/user/email", (c, i) => c.member.account.changeEmail(i.input), {
    input: changeEmailInput,
    output: statusOk,
    doc: { throttled: true, summary: "メールアドレス変更 (確認メール)", tag: "member", auth: "member" },
  }),
  route("POST", "/api/user/password", (c, i) => c.member.account.changePassword(i.input), {
    input: changePasswordInput,
    output: passwordChangeResult,
    doc: { throttled: true, summary: "パスワード変更 ({status: boolean})", tag: "member", auth: "member" },
  }),
  route("POST", "/api/user/delete", (c, i) => c.member.account.delete(i.input), {
    input: deleteAccountInput,
    output: statusOk,
    doc: { throttled: true, summary: "退会 (password)", tag: "member", auth: "member" },
  }),
  route("POST", "/api/user/notification", (c, i) => c.member.account.setNotification(i.input), {
    input: notificationInput,
    output: notificationInput,
    doc: { summary: "メール配信設定", tag: "member", auth: "member" },
  }),
  // issue 33: the caller's own 融資条件 (no id in the path: always the session's member)
  route("GET", "/api/member/loan-terms", (c) => c.member.loanTerms.get(), {
    output: loanTermsResult,
    doc: { summary: "融資条件 ({terms}: 未保存なら null)", tag: "member", auth: "member" },
  }),
  route("PUT", "/api/member/loan-terms", (c, i) => c.member.loanTerms.save(i.input), {
    input: loanTermsInput,
    output: loanTermsResult,
    doc: { summary: "融資条件の保存 (自己資金 万円 または 頭金 %, 金利 %, 期間 年, 諸費用 %)", tag: "member", auth: "member" },
  }),
  route("DELETE", "/api/member/loan-terms", (c) => c.member.loanTerms.remove(), {
    output: statusOk,
    doc: { summary: "融資条件の削除", tag: "member", auth: "member" },
  }),
  route("PATCH", "/api/user/bookmark/:id", (c, i) => c.member.bookmarks.add({ investmentId: i.params.id }), {
    output: statusOk,
    doc: { summary: "お気に入り追加", tag: "member", auth: "member" },
  }),
  route("DELETE", "/api/user/bookmark/:id", (c, i) => c.member.bookmarks.remove({ investmentId: i.params.id }), {
    output: statusOk,
    doc: { summary: "お気に入り削除", tag: "member", auth: "member" },
  }),
  route("GET", "/api/user/filter", (c) => c.member.filters.list({ counts: true }), {
    output: z.array(filterDto),
    doc: { summary: "保存した検索条件", tag: "member", auth: "member" },
  }),
  route("PATCH", "/api/user/filter", (c, i) => c.member.filters.create(i.input), {
    status: 201,
    input: saveFilterInput,
    output: created,
    doc: { summary: "検索条件の保存 ({name, query})", tag: "member", auth: "member" },
  }),
  route("PATCH", "/api/user/filter/:id", (c, i) => c.member.filters.update({ ...i.input, id: i.params.id }), {
    input: updateFilterInput.omit({ id: true }),
    output: statusOk,
    doc: { summary: "検索条件の変更", tag: "member", auth: "member" },
  }),
  route("DELETE", "/api/user/filter/:id", (c, i) => c.member.filters.remove(idOf(i)), {
    output: statusOk,
    doc: { summary: "検索条件の削除", tag: "member", auth: "member" },
  }),
  route("GET", "/api/user/filter/check/:id/:name", (c, i) => c.member.filters.nameTaken({ id: i.params.id, name: i.params.name ?? "" }), {
    output: existsResult,
    doc: { summary: "検索条件名の重複確認 ({exists})", tag: "member", auth: "member" },
  }),
  route("GET", "/api/user/matchings", async (c) => (await c.member.matchings.list()).map((m) => ({ ...m, card: m.card && withUnderscoreId(m.card) })), {
    output: z.array(matchingDto),
    doc: { summary: "マッチング一覧", tag: "member", auth: "member" },
  }),
  route("PATCH", "/api/user/matchings/:id", (c, i) => c.member.matchings.read({ id: i.params.id, read: i.input.read ?? true }), {
    input: matchingReadInput.omit({ id: true }),
    output: statusOk,
    doc: { summary: "マッチングを既読にする", tag: "member", auth: "member" },
  }),
  route("DELETE", "/api/user/matchings", (c, i) => c.member.matchings.remove(i.input), {
    input: removeMatchingsInput,
    output: matchingsDeleted,
    doc: { summary: "マッチングの削除 (ids 省略で全件)", tag: "member", auth: "member" },
  }),
  route("GET", "/api/user/contact", (c) => c.member.contacts.list(), {
    output: z.array(memberContactDto),
    doc: { summary: "お問い合わせ履歴", tag: "member", auth: "member" },
  }),
  route("DELETE", "/api/user/contact/:id", (c, i) => c.member.contacts.remove(idOf(i)), {
    output: statusOk,
    doc: { summary: "お問い合わせ履歴から削除", tag: "member", auth: "member" },
  }),

  // ── admin ──
  route("GET", "/api/admin/account/search", async (c, i) => toPage(await c.admin.accounts.search(i.input), withUnderscoreId), {
    input: accountSearchInput,
    output: accountPageDto,
    doc: { summary: "会員検索", tag: "admin", auth: "admin" },
  }),
  route("GET", "/api/admin/account/item/:id", async (c, i) => toAccountDetail(await c.admin.accounts.byId(idOf(i))), {
    output: accountDetailDto,
    doc: { summary: "会員詳細", tag: "admin", auth: "admin" },
  }),
  route("POST", "/api/admin/account", async (c, i) => withUnderscoreId(await c.admin.accounts.create(i.input)), {
    status: 201,
    input: registerMemberInput,
    output: created,
    doc: { summary: "会員登録 (初回ログイン用の仮パスワードをメール)", tag: "admin", auth: "admin" },
  }),
  route("DELETE", "/api/admin/account/:id", (c, i) => c.admin.accounts.remove(idOf(i)), {
    output: statusOk,
    doc: { summary: "会員削除 (削除済み一覧へ)", tag: "admin", auth: "admin" },
  }),
  route("PATCH", "/api/admin/account/status/:id/:status", (c, i) => c.admin.accounts.setStatus({ id: i.params.id, status: i.params.status }), {
    params: accountStatusInput,
    output: statusOk,
    doc: { summary: "ステータス変更", tag: "admin", auth: "admin" },
  }),
  route("PATCH", "/api/admin/account/type/:id/:type", (c, i) => c.admin.accounts.setType({ id: i.params.id, type: i.params.type }), {
    params: accountTypeInput,
    output: statusOk,
    doc: { summary: "会員種別の変更", tag: "admin", auth: "admin" },
  }),
  route("GET", "/api/admin/account/deleted/search", async (c, i) => toPage(await c.admin.accounts.deleted.search(i.input), withUnderscoreId), {
    input: accountSearchInput,
    output: accountPageDto,
    doc: { summary: "削除済み会員の検索", tag: "admin", auth: "admin" },
  }),
  route("GET", "/api/admin/account/deleted/item/:id", async (c, i) => toAccountDetail(await c.admin.accounts.deleted.byId(idOf(i))), {
    output: accountDetailDto,
    doc: { summary: "削除済み会員の詳細", tag: "admin", auth: "admin" },
  }),
  route("DELETE", "/api/admin/account/deleted/:id", (c, i) => c.admin.accounts.deleted.remove(idOf(i)), {
    output: statusOk,
    doc: { summary: "完全削除", tag: "admin", auth: "admin" },
  }),
  route("POST", "/api/admin/options", (c, i) => c.admin.options.save(i.input), {
    input: siteOptionsInput,
    output: statusOk,
    doc: { summary: "サイトオプションの保存", tag: "admin", auth: "admin" },
  }),
  // The editor's save over REST (same procedures, same rules: a field error is a 422 with the Japanese message under the field).
  route("POST", "/api/admin/investment", async (c, i) => withUnderscoreId({ id: (await c.admin.investments.create(i.input)).id }), {
    status: 201,
    input: createInvestmentInput,
    output: created,
    doc: { summary: "物件の登録 (編集画面と同じ項目・検証)", tag: "admin", auth: "admin" },
  }),
  route(
    "PATCH",
    "/api/admin/investment/:id",
    async (c, i) => {
      await c.admin.investments.update({ ...i.input, id: i.params.id });
      return { status: true as const };
    },
    {
      input: updateInvestmentBody,
      output: statusOk,
      doc: { summary: "物件の更新 (編集画面と同じ項目・検証。保存で情報更新日が今日になる)", tag: "admin", auth: "admin" },
    },
  ),
  route("POST", "/api/admin/investment/rent-roll/csv", (c, i) => c.admin.investments.importRentRoll(i.input), {
    input: rentRollCsvInput,
    output: rentRollCsvResult,
    doc: { summary: "レントロールCSVの読込 (csv: Base64。Shift_JIS/UTF-8。行ごとの誤りを行番号つきで返し、保存はしない)", tag: "admin", auth: "admin" },
  }),
  route("GET", "/api/admin/investment/exists/:id/:no", (c, i) => c.admin.investments.exists({ id: i.params.id, no: i.params.no }), {
    output: existsResult,
    doc: { summary: "物件番号の重複確認 ({exists})", tag: "admin", auth: "admin" },
  }),

  // ── public ──
  route("GET", "/api/options", (c) => c.public.options.get(), {
    output: siteCounts,
    doc: { summary: "サイトの件数 (members, investment.members, investment.public)", tag: "public" },
  }),
  route("POST", "/api/contacts/investment", async (c, i) => withUnderscoreId(await c.public.contacts.investment(i.input)), {
    status: 201,
    input: contactInputs.investment,
    output: contactSubmitted,
    doc: { throttled: true, summary: "物件へのお問い合わせ", tag: "public" },
  }),
  route("POST", "/api/contacts/consult", async (c, i) => withUnderscoreId(await c.public.contacts.consult(i.input)), {
    status: 201,
    input: contactInputs.consult,
    output: contactSubmitted,
    doc: { throttled: true, summary: "投資相談", tag: "public" },
  }),
  route("POST", "/api/contacts/other", async (c, i) => withUnderscoreId(await c.public.contacts.other(i.input)), {
    status: 201,
    input: contactInputs.other,
    output: contactSubmitted,
    doc: { throttled: true, summary: "その他のお問い合わせ", tag: "public" },
  }),
  route("POST", "/api/contacts/sell", async (c, i) => withUnderscoreId(await c.public.contacts.sell(i.input)), {
    status: 201,
    input: contactInputs.sell,
    output: contactSubmitted,
    doc: { throttled: true, summary: "売却査定", tag: "public" },
  }),
  route("POST", "/api/contacts/exchange", async (c, i) => withUnderscoreId(await c.public.contacts.exchange(i.input)), {
    status: 201,
    input: contactInputs.exchange,
    output: contactSubmitted,
    doc: { throttled: true, summary: "業者様", tag: "public" },
  }),
  route(
    "GET",
    "/api/investments",
    async (c, i) => {
      const r = await c.public.investments.search(i.input);
      return { ...toPage(r, withUnderscoreId), total_bounded: r.totalBounded };
    },
    {
      input: publicListParams,
      output: investmentPageDto,
      doc: { summary: "物件検索 (一覧ページと同じパラメータ; 該当が1,000件を超えると total は上限で数え止め、total_bounded が true)", tag: "public" },
    },
  ),
  route(
    "GET",
    "/api/investments/map",
    async (c, i) => {
      const v = await c.public.map.view(i.input);
      return { ...v, cards: v.cards.map(({ locked: _locked, ...card }) => withUnderscoreId(card)) };
    },
    {
      input: mapViewParams,
      output: mapViewDto,
      doc: { summary: "地図検索: 表示範囲 (bbox) とズームの物件を格子で集約 (一覧ページと同じ検索パラメータ; 会員限定は会員のみ)", tag: "public" },
    },
  ),
  route("GET", "/api/investments/:id", async (c, i) => toInvestmentDetail(await c.public.investments.byId(idOf(i))), {
    output: investmentDetailResult,
    doc: { summary: "物件詳細 (会員限定は会員のみ: 訪問者には {locked: true} だけ)", tag: "public" },
  }),
];
