"use client";

import { Search } from "@/components/icons";
import { useRouter, useSearchParams } from "next/navigation";
import { useId } from "react";
import { clsx } from "clsx";
import { KEYWORD_INPUT, KEYWORD_PLACEHOLDER, keywordSearchHref } from "./links";

export interface KeywordSearchProps {
  /** header: compact box on the dark header; hero: large box on the home hero; plain: light background. */
  variant?: "header" | "hero" | "plain";
  /** Added to the form's classes as they are (no merging): pass none that conflict with the variant's. */
  className?: string;
  placeholder?: string;
  /** Prefill from the fw query parameter (default true). */
  fromQuery?: boolean;
  /** Accessible name of the input. */
  label?: string;
}

/**
 * Keyword box. Works without JavaScript too (a GET form to /investments/page/1/);
 * with JavaScript an empty keyword goes to /investments instead of ?fw=.
 */
export function KeywordSearch(props: KeywordSearchProps) {
  if (props.fromQuery === false) return <KeywordForm {...props} initial="" />;
  // No Suspense of its own: every page with the header renders per request, so the search params
  // are there at once. A fallback here went out as a second box that React swapped for the real one
  // a moment after load, dropping what a quick visitor had typed into the first.
  return <KeywordSearchFromQuery {...props} />;
}

function KeywordSearchFromQuery(props: KeywordSearchProps) {
  const params = useSearchParams();
  const fw = params.get("fw") ?? "";
  // key: a new fw in the URL (back/forward, another search) resets the box.
  return <KeywordForm key={fw} {...props} initial={fw} />;
}

function KeywordForm({
  variant = "plain",
  className,
  placeholder = KEYWORD_PLACEHOLDER,
  label = "物件をキーワードで検索",
  initial,
}: KeywordSearchProps & { initial: string }) {
  const router = useRouter();
  const id = useId();
  const styles = {
    header: {
      form: "h-10 rounded-md bg-white/10 ring-1 ring-white/15 focus-within:bg-white/15 focus-within:ring-gold-400",
      input: "text-sm text-white placeholder:text-primary-300",
      button: "text-gold-300 hover:text-gold-200",
    },
    hero: {
      form: "h-14 rounded-lg bg-white shadow-lg ring-1 ring-black/5 focus-within:ring-2 focus-within:ring-gold-400",
      input: "text-base text-primary placeholder:text-primary-400",
      button: "m-1.5 rounded-md bg-gold px-5 text-primary-950 hover:bg-gold-400",
    },
    plain: {
      form: "h-11 rounded-md border border-primary-200 bg-white focus-within:border-gold-500 focus-within:ring-1 focus-within:ring-gold-300",
      input: "text-base text-primary placeholder:text-primary-400 md:text-sm",
      button: "text-primary-500 hover:text-primary",
    },
  }[variant];

  return (
    <form
      role="search"
      aria-label={label}
      action="/investments/page/1/"
      method="get"
      className={clsx("flex w-full items-stretch overflow-hidden transition-shadow", styles.form, className)}
      onSubmit={(e) => {
        e.preventDefault();
        const value = String(new FormData(e.currentTarget).get("fw") ?? "");
        router.push(keywordSearchHref(value));
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        {...KEYWORD_INPUT}
        defaultValue={initial}
        placeholder={placeholder}
        className={`min-w-0 flex-1 bg-transparent px-3 outline-none [&::-webkit-search-cancel-button]:hidden ${styles.input}`}
      />
      <button
        type="submit"
        aria-label="検索"
        // The hero's own padding (px-5) replaces the default px-3: spelled out, no class merging on the client.
        className={`inline-flex shrink-0 items-center justify-center gap-1.5 ${variant === "hero" ? "" : "px-3 "}font-bold transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400 ${styles.button}`}
      >
        <Search className={variant === "hero" ? "size-5" : "size-4"} aria-hidden="true" />
        {variant === "hero" && <span className="hidden sm:inline">検索</span>}
      </button>
    </form>
  );
}
