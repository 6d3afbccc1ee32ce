/** Accounts: sign-up, log-in, tokens, profile and settings for members; staff's account list, staff accounts and the member CSV (admin/). */
export {
  firstLogin,
  forgotPassword,
  login,
  type LoginResult,
  loginWithLink,
  mailLoginLink,
  register,
  requestPasswordReset,
  resetPassword,
  signup,
} from "./auth";
export { changePassword, confirmEmailChange, deleteAccount, getNotification, getProfile, requestEmailChange, setNotification, updateProfile } from "./settings";
export {
  endAccountSessions,
  getAccountDetail,
  purgeAccount,
  registerMember,
  searchAccounts,
  sendForgotPassword,
  setAccountStatus,
  setAccountType,
  softDeleteAccount,
} from "./admin/accounts";
export { accountsCsv } from "./admin/accounts-csv";
export {
  acceptStaffInvite,
  changeStaffPassword,
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  STAFF_INVITE_INVALID,
  staffInviteState,
} from "./admin/staff";
