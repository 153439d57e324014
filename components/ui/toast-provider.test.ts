import { describe, expect, it } from "vitest";
import type { ToastMessage } from "./toast";
import { withoutToast } from "./toast-provider";

const saved: ToastMessage = { id: 1, message: "Row status: Published", type: "success" };
const refused: ToastMessage = {
  id: 2,
  message: "This project was changed elsewhere. Reload to see the latest version.",
  type: "error",
};

describe("withoutToast", () => {
  it("removes the toast whose time is up or whose × was pressed", () => {
    expect(withoutToast(saved, saved.id)).toBeNull();
  });

  it("keeps a newer toast when the one it replaced expires late (the lost 409 message)", () => {
    // The success toast's 3 s timer fired just after the error toast was shown, before React had
    // unmounted the old toast and cleared that timer: the error must stay on screen.
    expect(withoutToast(refused, saved.id)).toBe(refused);
    expect(withoutToast(withoutToast(refused, saved.id), refused.id)).toBeNull();
  });

  it("leaves an empty screen empty", () => {
    expect(withoutToast(null, saved.id)).toBeNull();
  });
});
