"use client";

import { AlertTriangle, Home, RotateCcw } from "@/components/icons";
import Link from "next/link";
import { useEffect } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { SITE } from "@/lib/constants/site";
import { TEL_HREF } from "@/components/site-chrome/links";

/**
 * Error boundary of the public pages (inside the site chrome): a Japanese
 * message, a retry and the way home. Server errors arrive without their
 * message in production; the digest ties the report to the server log.
 */
export default function SiteError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String((error as Error & { digest?: string }).digest ?? "") : "";
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-5 md:py-24" role="alert">
      <AlertTriangle className="mx-auto size-12 text-error" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-wider">エラーが発生しました</h1>
      <p className="mt-4 text-sm leading-relaxed text-primary-600 md:text-base">
        ページを表示できませんでした。時間をおいてもう一度お試しください。
        <br className="hidden sm:inline" />
        解決しない場合は、お電話（
        <a href={TEL_HREF} className="tabular font-bold text-primary underline underline-offset-4">
          {SITE.tel}
        </a>
        ）でお問い合わせください。
      </p>
      {digest && <p className="mt-3 text-xs text-primary-400">エラーID: {digest}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Button's look without Button (radix Slot, tailwind-merge): this boundary is in every page's scripts (issue 21). */}
        <button data-slot="button" type="button" className={buttonVariants({ size: "lg" })} onClick={() => retry()}>
          <RotateCcw aria-hidden="true" />
          もう一度試す
        </button>
        <Link data-slot="button" className={buttonVariants({ variant: "outline", size: "lg" })} href="/">
          <Home aria-hidden="true" />
          トップページへ
        </Link>
      </div>
    </div>
  );
}
