import type * as React from "react";

/** The frame of the guest pages (login, sign-up, reset…): centred card with a heading and a lead. */
export function AuthCard({ title, lead, children }: { title: string; lead?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 md:py-16">
      <div className="rounded-xl border border-border bg-white p-6 shadow-sm md:p-10">
        <h1 className="border-l-4 border-gold pl-3 text-xl font-bold md:text-2xl">{title}</h1>
        {lead ? <div className="mt-4 text-sm leading-relaxed text-muted-foreground">{lead}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
