/** Inquiries: submission, a member's history, the summary staff see. */
export { ADDRESS_LIMIT_MESSAGE, mailboxKey, submitContact } from "./submit";
export { getContactForAdmin, hideMemberContact, listContactsForAdmin, listMemberContacts, updateContactForAdmin } from "./history";
export { contactSummary } from "./summary";
