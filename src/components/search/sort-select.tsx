"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useTransition } from "react";
import { Select } from "@/components/ui/select";
import { useMountMark } from "@/components/ui/mount-mark";
import { LazyLoadingOverlay } from "./lazy-loading-overlay";
import { DEFAULT_SORT, MEMBER_TERMS_SORTS, SORTS } from "@/lib/constants/sorts";

/**
 * Sort order of the list (sr). Changing it goes back to page 1 with the other
 * conditions kept. Without JavaScript the surrounding GET form and its button work. Until this
 * component has mounted, the chrome's script submits that form on a change (chrome-script.tsx):
 * before the page is hydrated (visitors' lists, static-pages.ts), and while React is still
 * hydrating it, when React may drop the event (seen in CI: a change right after load had React's
 * props on the select, never reached the document's bubble phase, and left the list as it was). The mount
 * effect marks the select `data-mounted`, and from then on the change is this handler's alone.
 */
export function SortSelect({ value, params, cashFlowTerms = false }: { value: string; params: string; cashFlowTerms?: boolean }) {
  const router = useRouter();
  // cf_desc (月間CF) only for a member with saved loan terms (issue 33, told by the server); anyone else
  // asking for it gets the default order, so the select says so.
  const sorts = SORTS.filter((s) => cashFlowTerms || !MEMBER_TERMS_SORTS.includes(s.key));
  const selected = sorts.some((s) => s.key === value) ? value : DEFAULT_SORT;
  const id = useId();
  const [pending, startTransition] = useTransition();
  const ref = useRef<HTMLSelectElement>(null);
  useMountMark(ref);
  return (
    <form action="/investments/page/1/" method="get" className="flex items-center gap-2">
      {[...new URLSearchParams(params)].map(([k, v], i) => (k === "sr" || k === "page" ? null : <input key={`${k}-${i}`} type="hidden" name={k} value={v} />))}
      <label htmlFor={id} className="shrink-0 text-xs font-bold text-primary-600 sm:text-sm">
        並び替え
      </label>
      <Select
        ref={ref}
        id={id}
        name="sr"
        defaultValue={selected}
        wrapperClassName="w-64 max-w-full"
        // on a list served before React (static-pages.ts, issue 31) the change submits the GET form
        data-submit-on-change=""
        onChange={(e) => {
          // a change React hands over before the mount effect: the chrome's script has submitted the form
          if (!e.currentTarget.hasAttribute("data-mounted")) return;
          const qs = new URLSearchParams(params);
          qs.delete("page");
          qs.set("sr", e.target.value);
          startTransition(() => router.push(`/investments/page/1/?${qs.toString()}`));
        }}
      >
        {sorts.map((s) => (
          <option key={s.key} value={s.key}>
            {s.name}
          </option>
        ))}
      </Select>
      <noscript>
        <button type="submit" className="rounded-md border border-primary-300 px-3 py-2 text-sm">
          並び替える
        </button>
      </noscript>
      <LazyLoadingOverlay show={pending} label="並び替えています" />
    </form>
  );
}
