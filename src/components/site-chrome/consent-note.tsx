import Link from "next/link";

/**
 * Consent note shown just before a submit button (spec §2): links to the terms
 * and the privacy policy (new tab, so a half-filled form is not lost).
 * `action` is the submit button's label; `className` is appended as it is (no class merging).
 */
export function ConsentNote({ action = "送信する", className }: { action?: string; className?: string }) {
  const link = "font-bold text-gold-700 underline underline-offset-2 hover:text-gold-600 focus-visible:outline-2 focus-visible:outline-gold-500";
  return (
    <p
      data-slot="consent-note"
      className={
        className
          ? `text-center text-xs leading-relaxed text-primary-600 sm:text-sm ${className}`
          : "text-center text-xs leading-relaxed text-primary-600 sm:text-sm"
      }
    >
      <Link href="/terms" target="_blank" rel="noopener" className={link}>
        利用規約
        <span className="sr-only">（新しいタブで開きます）</span>
      </Link>
      および
      <Link href="/privacy" target="_blank" rel="noopener" className={link}>
        プライバシーポリシー
        <span className="sr-only">（新しいタブで開きます）</span>
      </Link>
      をご確認のうえ、同意いただける場合は「{action}」ボタンを押してください。
    </p>
  );
}
