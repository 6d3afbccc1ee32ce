/**
 * What staff read of a newsletter's state (src/server/newsletters/admin.ts newsletterPhase): the
 * stored status, with a scheduled one whose time has come shown as 配信待ち (queued: 今すぐ配信
 * was pressed and the worker has not written its deliveries yet). Plain data for client pages.
 */
export const NEWSLETTER_PHASE_NAMES: Record<string, string> = {
  draft: "下書き",
  scheduled: "配信予約",
  queued: "配信待ち",
  sending: "配信中",
  sent: "配信完了",
  cancelled: "配信中止",
};
