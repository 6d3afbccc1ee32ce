"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cityLabel, DESIGNATED_CITIES } from "@/lib/constants/designated-cities";
import { AREAS, SEARCH_TYPES } from "@/lib/constants/investment";
import { MAIL_SUBJECT_PREFIX, withoutSubjectPrefix } from "@/lib/constants/site";
import { api } from "@/trpc/react";

type Audience =
  | { kind: "all" }
  | { kind: "segment"; areas: number[]; types: number[]; cities?: string[]; listingId?: number; registeredFrom?: string; registeredTo?: string };

export type EditorInitial = {
  id: number;
  subject: string;
  body: string;
  audience: Audience | null;
  status: string;
  scheduled_at: Date | null;
};

const input = "h-10 w-full rounded-md border border-border bg-white px-3 text-sm";
const errorOf = (e: unknown, path: string): string | undefined => {
  const fe = (e as { data?: { fieldErrors?: Record<string, string[]> | null } } | null)?.data?.fieldErrors;
  return fe?.[path]?.[0];
};
/** A Date as the value of <input type="datetime-local"> in Japan time. */
function toLocalInput(d: Date): string {
  const j = new Date(d.getTime() + 9 * 3600_000);
  return j.toISOString().slice(0, 16);
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function toggle<T extends number | string>(list: T[], id: T): T[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const WHOLE_CITY_CODES = new Set<string>(DESIGNATED_CITIES.map((c) => c.code));
const fmtTime = new Intl.DateTimeFormat("ja-JP", { timeStyle: "short", timeZone: "Asia/Tokyo" });

/**
 * Compose a newsletter (件名・本文 required), choose its audience with a live
 * recipient count, preview it, send a test to yourself, then schedule it or
 * send it now. Used for new newsletters and for drafts / scheduled ones.
 */
export function NewsletterEditor({ base, initial, testTo }: { base: string; initial?: EditorInitial; testTo: string }) {
  const router = useRouter();
  const [subject, setSubject] = useState(initial?.subject ?? "");
  const [body, setBody] = useState(initial?.body ?? "");
  const [kind, setKind] = useState<"all" | "segment">(initial?.audience?.kind ?? "all");
  const seg = initial?.audience?.kind === "segment" ? initial.audience : undefined;
  const [areas, setAreas] = useState<number[]>(seg?.areas ?? []);
  const [types, setTypes] = useState<number[]>(seg?.types ?? []);
  const [cities, setCities] = useState<string[]>(seg?.cities ?? []);
  const [listingId, setListingId] = useState(seg?.listingId !== undefined ? String(seg.listingId) : "");
  const [testSent, setTestSent] = useState<string | null>(null);
  const [from, setFrom] = useState(seg?.registeredFrom ?? "");
  const [to, setTo] = useState(seg?.registeredTo ?? "");
  const [at, setAt] = useState(initial?.scheduled_at ? toLocalInput(initial.scheduled_at) : "");
  const [showPreview, setShowPreview] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Required fields checked here before any confirmation (the server checks again).
  const [missing, setMissing] = useState<{ subject?: string; body?: string }>({});

  // A listing id as typed (full-width digits allowed); anything else is left out and flagged below.
  const listingNumber = /^\d{1,15}$/.test(listingId.normalize("NFKC").trim()) ? Number(listingId.normalize("NFKC").trim()) : undefined;
  const listingInvalid = listingId.trim() !== "" && listingNumber === undefined;
  const audience: Audience = useMemo(
    () =>
      kind === "all"
        ? { kind: "all" }
        : {
            kind: "segment",
            areas,
            types,
            cities,
            ...(listingNumber !== undefined ? { listingId: listingNumber } : {}),
            ...(from ? { registeredFrom: from } : {}),
            ...(to ? { registeredTo: to } : {}),
          },
    [kind, areas, types, cities, listingNumber, from, to],
  );
  const debouncedAudience = useDebounced(audience, 300);
  const segmentEmpty = kind === "segment" && !areas.length && !types.length && !cities.length && listingNumber === undefined && !from && !to;
  const masters = api.admin.investments.masters.useQuery(undefined, { staleTime: Infinity, enabled: kind === "segment" });
  const muniName = useMemo(() => new Map((masters.data?.municipalities ?? []).map((m) => [m.code, m.name])), [masters.data]);
  const count = api.admin.newsletters.audienceCount.useQuery(
    { audience: debouncedAudience as never },
    { enabled: !segmentEmpty && !listingInvalid, retry: false },
  );
  const preview = api.admin.newsletters.preview.useQuery({ subject, body }, { enabled: showPreview && !!subject.trim() && !!body.trim() });

  const create = api.admin.newsletters.create.useMutation();
  const update = api.admin.newsletters.update.useMutation();
  const sendTest = api.admin.newsletters.sendTest.useMutation();
  const schedule = api.admin.newsletters.schedule.useMutation();
  const unschedule = api.admin.newsletters.unschedule.useMutation();
  const remove = api.admin.newsletters.remove.useMutation();
  const saveError = create.error ?? update.error;
  const busy = create.isPending || update.isPending || schedule.isPending;
  const editable = !initial || initial.status === "draft" || initial.status === "scheduled";

  async function save(): Promise<number | null> {
    setNotice(null);
    const values = { subject, body, audience: audience as never };
    try {
      if (initial) {
        await update.mutateAsync({ id: initial.id, ...values });
        return initial.id;
      }
      const r = await create.mutateAsync(values);
      return r.id;
    } catch {
      return null;
    }
  }

  async function onSave() {
    if (!validate()) return;
    const id = await save();
    if (id === null) return;
    if (!initial) router.push(`${base}/newsletter/${id}`);
    else {
      setNotice("保存しました");
      router.refresh();
    }
  }

  /** Typing in a field takes its "missing" message away. */
  function fixed(field: "subject" | "body") {
    setMissing((m) => {
      const next = { ...m };
      delete next[field];
      return next;
    });
  }

  /** 件名・本文 present (the prefix alone is no subject)? Shows the messages otherwise. */
  function validate(): boolean {
    const next = {
      ...(withoutSubjectPrefix(subject) ? {} : { subject: "件名を入力してください" }),
      ...(body.trim() ? {} : { body: "本文を入力してください" }),
    };
    setMissing(next);
    return !next.subject && !next.body;
  }

  async function onSchedule(now: boolean) {
    setNotice(null);
    if (!validate()) return;
    const when = now ? null : at ? new Date(`${at}:00+09:00`) : null;
    if (!now && !when) {
      setNotice("配信日時を入力してください");
      return;
    }
    const n = count.data?.count ?? 0;
    const message = now
      ? `${n.toLocaleString("ja-JP")}人に今すぐ配信します。よろしいですか？`
      : `${at.replace("T", " ")} に ${n.toLocaleString("ja-JP")}人へ配信を予約します。`;
    if (!window.confirm(message)) return;
    const id = await save();
    if (id === null) return;
    try {
      await schedule.mutateAsync({ id, at: when });
      setNotice(now ? "配信を受け付けました。配信状況を表示します…" : "配信を予約しました");
      router.push(`${base}/newsletter/${id}`);
      router.refresh();
    } catch {
      // shown below
    }
  }

  return (
    <div className="grid gap-6">
      <section className="grid gap-4 rounded-lg bg-white p-5 shadow-sm">
        <label className="grid gap-1 text-sm font-bold">
          <span>
            件名 <span className="text-error">*</span>
          </span>
          {/* The prefix every mail gets, shown where the subject is typed so nobody types it again. */}
          <span className="flex min-w-0 items-stretch">
            <span
              className="flex shrink-0 items-center rounded-l-md border border-r-0 border-border bg-muted px-2 text-xs font-normal text-primary-600"
              data-slot="subject-prefix"
              id="nl-subject-prefix"
            >
              {MAIL_SUBJECT_PREFIX}
            </span>
            <input
              className={`${input} min-w-0 rounded-l-none`}
              value={subject}
              maxLength={150}
              onChange={(e) => {
                setSubject(e.target.value);
                fixed("subject");
              }}
              disabled={!editable}
              aria-describedby="nl-subject-prefix"
              aria-invalid={!!(missing.subject ?? errorOf(saveError, "subject"))}
            />
          </span>
          {withoutSubjectPrefix(subject) !== subject.trim() ? (
            <span className="text-xs font-normal text-primary-600">件名の先頭の{MAIL_SUBJECT_PREFIX}は自動で付くため、入力した分は省いて送ります。</span>
          ) : null}
          {(missing.subject ?? errorOf(saveError, "subject")) ? (
            <span className="text-xs font-normal text-error">{missing.subject ?? errorOf(saveError, "subject")}</span>
          ) : null}
        </label>
        <label className="grid gap-1 text-sm font-bold">
          <span>
            本文 <span className="text-error">*</span>
          </span>
          <textarea
            className="min-h-64 rounded-md border border-border bg-white p-3 font-normal leading-relaxed"
            value={body}
            maxLength={20_000}
            onChange={(e) => {
              setBody(e.target.value);
              fixed("body");
            }}
            disabled={!editable}
            aria-invalid={!!(missing.body ?? errorOf(saveError, "body"))}
          />
          <span className="text-xs font-normal text-muted-foreground">
            テキスト形式で送信します。URLはリンクになります。末尾に配信停止のリンクと署名が自動で付きます。
          </span>
          {(missing.body ?? errorOf(saveError, "body")) ? (
            <span className="text-xs font-normal text-error">{missing.body ?? errorOf(saveError, "body")}</span>
          ) : null}
        </label>
      </section>

      <section className="grid gap-4 rounded-lg bg-white p-5 shadow-sm">
        <h2 className="font-bold">配信先</h2>
        <fieldset className="flex flex-wrap gap-6 text-sm" disabled={!editable}>
          <legend className="sr-only">配信先</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="audience" checked={kind === "all"} onChange={() => setKind("all")} />
            メールマガジンを受け取る全会員
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="audience" checked={kind === "segment"} onChange={() => setKind("segment")} />
            条件で絞り込む
          </label>
        </fieldset>
        {kind === "segment" ? (
          <fieldset className="grid gap-4 text-sm" disabled={!editable}>
            <div>
              <p className="mb-1 font-bold">関心エリア（いずれか）</p>
              <div className="flex flex-wrap gap-4">
                {AREAS.map((a) => (
                  <label key={a.id} className="flex items-center gap-1">
                    <input type="checkbox" checked={areas.includes(a.id)} onChange={() => setAreas(toggle(areas, a.id))} />
                    {a.name}
                  </label>
                ))}
              </div>
            </div>
            <div>
              <p className="mb-1 font-bold">保存した検索条件の物件種別（いずれか）</p>
              <div className="flex flex-wrap gap-4">
                {SEARCH_TYPES.map((t) => (
                  <label key={t.id} className="flex items-center gap-1">
                    <input type="checkbox" checked={types.includes(t.id)} onChange={() => setTypes(toggle(types, t.id))} />
                    {t.name}
                  </label>
                ))}
              </div>
            </div>
            <div>
              <p className="mb-1 font-bold">保存した検索条件の市区町村（いずれか）</p>
              <p className="mb-2 text-xs text-muted-foreground">
                その市区町村を含む条件（市全域・区・エリア）を保存した会員。政令市は全域で選ぶとすべての区が対象です。
              </p>
              <div className="flex flex-wrap gap-4">
                {DESIGNATED_CITIES.map((c) => (
                  <label key={c.code} className="flex items-center gap-1">
                    <input type="checkbox" checked={cities.includes(c.code)} onChange={() => setCities(toggle(cities, c.code))} />
                    {cityLabel(c)}
                  </label>
                ))}
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <label className="sr-only" htmlFor="nl-city-add">
                  区・市町村を追加
                </label>
                <select
                  id="nl-city-add"
                  className={`${input} w-auto max-w-full`}
                  value=""
                  onChange={(e) => {
                    if (e.target.value && !cities.includes(e.target.value)) setCities(toggle(cities, e.target.value));
                  }}
                >
                  <option value="">{masters.isPending ? "読み込み中…" : "区・市町村を追加…"}</option>
                  {(masters.data?.municipalities ?? [])
                    .filter((m) => !WHOLE_CITY_CODES.has(m.code))
                    .map((m) => (
                      <option key={m.code} value={m.code}>
                        {m.name}
                      </option>
                    ))}
                </select>
                {cities
                  .filter((c) => !WHOLE_CITY_CODES.has(c))
                  .map((c) => (
                    <span key={c} className="inline-flex items-center gap-1 rounded-full border border-border bg-muted px-2 py-0.5 text-xs">
                      {muniName.get(c) ?? c}
                      <button
                        type="button"
                        className="px-1 text-muted-foreground"
                        aria-label={`${muniName.get(c) ?? c}を外す`}
                        onClick={() => setCities(toggle(cities, c))}
                      >
                        ×
                      </button>
                    </span>
                  ))}
              </div>
            </div>
            <div>
              <label className="grid max-w-md gap-1">
                <span className="font-bold">この物件に合う検索条件を保存した会員</span>
                <span className="text-xs text-muted-foreground">物件IDを入力（物件の編集画面のURLの数字）。新着・値下げのお知らせメールと同じ判定です。</span>
                <input
                  className={input}
                  inputMode="numeric"
                  value={listingId}
                  onChange={(e) => setListingId(e.target.value)}
                  placeholder="例：128"
                  aria-invalid={listingInvalid || !!errorOf(count.error, "audience.listingId")}
                />
              </label>
              {listingInvalid ? <p className="text-xs text-error">物件IDは半角数字で入力してください</p> : null}
              {count.data?.listing ? (
                <p className="text-xs" data-slot="segment-listing">
                  対象物件：{count.data.listing.name}
                  {count.data.listing.no ? `（${count.data.listing.no}）` : ""}
                </p>
              ) : null}
              {errorOf(count.error, "audience.listingId") ? <p className="text-xs text-error">{errorOf(count.error, "audience.listingId")}</p> : null}
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1">
                登録日（から）
                <input type="date" className={input} value={from} onChange={(e) => setFrom(e.target.value)} />
              </label>
              <label className="grid gap-1">
                登録日（まで）
                <input type="date" className={input} value={to} onChange={(e) => setTo(e.target.value)} />
              </label>
            </div>
            {errorOf(saveError, "audience.areas") ? <p className="text-xs text-error">{errorOf(saveError, "audience.areas")}</p> : null}
          </fieldset>
        ) : null}
        <p className="text-sm" aria-live="polite">
          配信対象：
          <strong className="tabular text-lg">
            {segmentEmpty || listingInvalid || count.error ? "—" : count.isFetching && !count.data ? "…" : (count.data?.count ?? 0).toLocaleString("ja-JP")}
          </strong>{" "}
          人<span className="ml-2 text-xs text-muted-foreground">（有効な会員のうちメールマガジンを受け取る方。送信時点で停止・退会した方には送りません）</span>
        </p>
      </section>

      {saveError && !errorOf(saveError, "subject") && !errorOf(saveError, "body") ? (
        <p role="alert" className="text-sm text-error">
          {saveError.message}
        </p>
      ) : null}
      {schedule.error ? (
        <p role="alert" className="text-sm text-error">
          {schedule.error.message}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-sm text-gold-700">
          {notice}
        </p>
      ) : null}

      {editable ? (
        <section className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={onSave} disabled={busy}>
            {initial ? "保存する" : "下書きとして保存"}
          </Button>
          <Button type="button" variant="outline" onClick={() => setShowPreview((v) => !v)} disabled={!subject.trim() || !body.trim()}>
            {showPreview ? "プレビューを閉じる" : "プレビュー"}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!subject.trim() || !body.trim() || sendTest.isPending}
            onClick={async () => {
              setTestSent(null);
              // Says where it goes before anything is sent; the answer names the address the server used.
              if (!window.confirm(`テストメールを ${testTo} に送ります（件名に【テスト送信】が付きます）。よろしいですか？`)) return;
              try {
                const r = await sendTest.mutateAsync({ subject, body });
                setTestSent(`テストメールを ${r.to} に送りました（${fmtTime.format(new Date())}）。届くまで数分かかることがあります。`);
              } catch {
                // shown below
              }
            }}
          >
            {sendTest.isPending ? "送信中…" : "自分宛てにテスト送信"}
          </Button>
          {testSent ? (
            <p role="status" className="basis-full text-sm font-bold text-gold-700" data-slot="test-sent">
              {testSent}
            </p>
          ) : null}
          {sendTest.error ? (
            <p role="alert" className="basis-full text-sm text-error">
              {sendTest.error.message}
            </p>
          ) : null}
        </section>
      ) : null}

      {showPreview && preview.data ? (
        <section className="grid gap-2 rounded-lg bg-white p-5 shadow-sm">
          <h2 className="font-bold">プレビュー</h2>
          <p className="text-sm">
            件名：<strong>{preview.data.subject}</strong>
          </p>
          <iframe title="メールのプレビュー" sandbox="" srcDoc={preview.data.html} className="h-96 w-full rounded border border-border" />
        </section>
      ) : null}

      {editable ? (
        <section className="grid gap-3 rounded-lg border border-gold bg-gold-50 p-5">
          <h2 className="font-bold">配信</h2>
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm">
              配信日時（日本時間）
              <input type="datetime-local" className={input} value={at} onChange={(e) => setAt(e.target.value)} />
            </label>
            <Button type="button" variant="outline" onClick={() => onSchedule(false)} disabled={busy || segmentEmpty || listingInvalid}>
              この日時に予約する
            </Button>
            <Button type="button" onClick={() => onSchedule(true)} disabled={busy || segmentEmpty || listingInvalid}>
              今すぐ配信する
            </Button>
            {initial?.status === "scheduled" ? (
              <Button
                type="button"
                variant="ghost"
                onClick={async () => {
                  await unschedule.mutateAsync({ id: initial.id });
                  router.refresh();
                }}
              >
                予約を取り消して下書きに戻す
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}

      {initial && (initial.status === "draft" || initial.status === "cancelled") ? (
        <div>
          <Button
            type="button"
            variant="destructive"
            size="sm"
            onClick={async () => {
              if (!window.confirm("このメールを削除します。よろしいですか？")) return;
              await remove.mutateAsync({ id: initial.id });
              router.push(`${base}/newsletter`);
              router.refresh();
            }}
          >
            削除する
          </Button>
        </div>
      ) : null}
    </div>
  );
}
