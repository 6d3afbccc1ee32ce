import type { ProfileInput } from "@/schemas/account";

/** The profile form (spec field names) as users columns; shared by registration and My Page. */
export function profileColumns(input: ProfileInput) {
  return {
    last_name: input.names.last,
    first_name: input.names.first,
    kana_last: input.kanas.last,
    kana_first: input.kanas.first,
    zip: input.zip,
    pref: input.pref,
    city: input.city,
    address: [input.district, input.address].filter(Boolean).join(" "),
    tel: input.tel,
    fax: input.fax ?? null,
    job: input.job,
    job_other: input.job === "other" ? (input.job_other ?? null) : null,
    salary: input.salary,
    money: Number(input.money),
    contact_method: input.contact.method,
    contact_time: input.contact.time,
  };
}
