/** 閲覧履歴: views kept per member (server/investments/views.ts drops older ones; My Page says so). */
export const VIEWS_KEPT = 50;
