import type { ColumnType, Generated, Selectable } from "kysely";
import type { RequiredTimestamp, Timestamp } from "./columns.server";

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: RequiredTimestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: RequiredTimestamp;
  used_at: Date | null;
  created_at: Timestamp;
}

/** A pending invitation to the admin: the set-password link's token, hashed; deleted once used or withdrawn. */
export interface UserInvitationsTable {
  id: Generated<string>;
  email: string;
  token_hash: string;
  invited_by: string | null;
  invited_by_email: string | null;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
}

/** A device cookie's server half (app/services/device-cookie.server.ts): revoked by deleting the row. */
export interface AdminDeviceCookiesTable {
  nonce_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: RequiredTimestamp;
  hits: ColumnType<number, number | undefined, number>;
}

/** A user's authenticator-app (TOTP) secret, encrypted; enabled_at null while enrolment is unconfirmed. */
export interface UserTwoFactorTable {
  user_id: string;
  secret_encrypted: string;
  enabled_at: Date | null;
  /** bigint: the driver may hand it back as a string. */
  last_used_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Single-use recovery codes, stored as keyed hashes only. */
export interface UserRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Timestamp;
}

/** One admin write, export or sign-in event (app/models/activity.server.ts). */
export interface ActivityLogTable {
  id: Generated<string>;
  created_at: Timestamp;
  /** Set null when the account is removed; actor_email still says who. */
  actor_id: string | null;
  actor_email: string | null;
  /** '<subject>.<action>', e.g. 'brand.update' (checked by the database). */
  kind: string;
  subject_type: string | null;
  subject_id: string | null;
  subject_title: string | null;
  /** jsonb { field: { from, to } | "(changed)" }, written as JSON text. */
  changes: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  ip: string | null;
}

/** The staff's accounts, how they sign in, and what they did. */
export interface AccountTables {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  admin_device_cookies: AdminDeviceCookiesTable;
  rate_limits: RateLimitsTable;
  activity_log: ActivityLogTable;
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_invitations: UserInvitationsTable;
}

export type User = Selectable<UsersTable>;
export type UserTwoFactor = Selectable<UserTwoFactorTable>;
export type UserInvitation = Selectable<UserInvitationsTable>;
