"use client";

import dynamic from "next/dynamic";

/**
 * The members' card-actions island (card-actions-island.tsx) behind next/dynamic: in the list
 * page's own chunks it cost every visitor ~1.4 KiB of script for a part only members get; as its
 * own chunk it loads only where it is rendered (with the page, when it is: clicks are not lost).
 */
export const CardActionsScript = dynamic(() => import("./card-actions-island").then((m) => m.CardActionsIsland));
