import Link from "next/link";
import type * as React from "react";
import { cn } from "@/lib/cn";

/**
 * The frame of an admin screen: an optional ← back link, the h1 (with an
 * optional muted suffix such as "#12" or "/company", and optional actions on
 * its right), then the screen's content.
 */
export function AdminPageShell({
  title,
  suffix,
  back,
  actions,
  className,
  children,
}: {
  title: React.ReactNode;
  suffix?: string;
  back?: { href: string; label: string };
  actions?: React.ReactNode;
  /** The stack's gap (default gap-6). */
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-6", className)}>
      {back ? (
        <p className="text-sm">
          <Link href={back.href} className="underline">
            {`← ${back.label}`}
          </Link>
        </p>
      ) : null}
      <AdminPageHeader title={title} suffix={suffix} actions={actions} />
      {children}
    </div>
  );
}

/** The h1 of an admin screen, with the actions (links, buttons) to its right when given. */
export function AdminPageHeader({ title, suffix, actions }: { title: React.ReactNode; suffix?: string; actions?: React.ReactNode }) {
  const heading = (
    <h1 className="text-xl font-bold">
      {title}
      {suffix !== undefined ? (
        <>
          {" "}
          <span className="text-base font-normal text-muted-foreground">{suffix}</span>
        </>
      ) : null}
    </h1>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {heading}
      {actions}
    </div>
  );
}
