import Link from "next/link";

/** Previous / next links with the page position, for admin lists. */
export function AdminPager({ page, last, href }: { page: number; last: number; href: (n: number) => string }) {
  if (last <= 1) return null;
  return (
    <nav aria-label="ページ送り" className="flex items-center gap-4 text-sm">
      {page > 1 ? (
        <>
          <Link href={href(1)} className="underline">
            最初
          </Link>
          <Link href={href(page - 1)} className="underline">
            前へ
          </Link>
        </>
      ) : null}
      <span aria-current="page">
        {page} / {last}
      </span>
      {page < last ? (
        <>
          <Link href={href(page + 1)} className="underline">
            次へ
          </Link>
          <Link href={href(last)} className="underline">
            最後
          </Link>
        </>
      ) : null}
    </nav>
  );
}

/** The short form: 前へ, the page position (always shown) and 次へ. */
export function AdminPrevNextPager({ page, last, href }: { page: number; last: number; href: (n: number) => string }) {
  return (
    <nav aria-label="ページ送り" className="flex gap-3 text-sm">
      {page > 1 ? <Link href={href(page - 1)}>前へ</Link> : null}
      <span>
        {page} / {last}
      </span>
      {page < last ? <Link href={href(page + 1)}>次へ</Link> : null}
    </nav>
  );
}
