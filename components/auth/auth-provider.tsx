"use client";
// TEMP STUB (not committed)
export function useAuth() {
  return { user: { id: "u1", email: "owner@example.com" } };
}
