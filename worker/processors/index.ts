import type { Db } from "@/server/db";
import type { Processors } from "@/server/jobs/runtime";
import { processMail } from "./mail";
import { processMaintenance } from "./maintenance";

export function processorsFor(db: Db): Processors {
  return {
    maintenance: (job) => processMaintenance(db, job),
    mail: (job) => processMail(job),
    // Placeholder until the worker issue's matching processor lands (it replaces this).
    matching: async () => {
      throw new Error("not implemented");
    },
  };
}
