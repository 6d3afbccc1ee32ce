"use client";

import { useState } from "react";

/** Spec §4: a form's status is true while submitting, null on success, false on failure (undefined before). */
export type SubmitStatus = true | null | false | undefined;

export function useSubmitStatus() {
  const [status, setStatus] = useState<SubmitStatus>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  return {
    status,
    message,
    submitting: status === true,
    start: () => {
      setStatus(true);
      setMessage(null);
    },
    succeed: () => setStatus(null),
    fail: (msg: string | null) => {
      setStatus(false);
      setMessage(msg);
    },
  };
}
