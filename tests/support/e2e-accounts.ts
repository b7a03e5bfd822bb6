/** The accounts the end-to-end server starts with (scripts/e2e-server.ts, tests/support/e2e-users.ts). */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password" } as const;
/** Signed in, but without the admin role. */
export const E2E_NON_ADMIN = { email: "member@example.com", password: "e2e-member-password" } as const;
/** An administrator of its own for the password-reset journey, so the main admin's password never changes. */
export const E2E_RESET_ADMIN = { email: "reset-admin@example.com", password: "e2e-reset-password" } as const;
/** Another, for the password-reset journey without JavaScript (the journeys may run in any order). */
export const E2E_NOJS_RESET_ADMIN = {
  email: "reset-nojs-admin@example.com",
  password: "e2e-nojs-reset-password",
} as const;
