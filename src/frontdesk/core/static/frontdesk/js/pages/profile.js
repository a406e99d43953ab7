// My account: saves the display name and panel language through PUT /api/cms/me.

import { api, formData } from "../api.js";
import { toast } from "../toast.js";
import { guardUnsaved } from "../unsaved.js";

const form = document.getElementById("profile-form");
if (form) {
  const guard = guardUnsaved(form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api.put(form.dataset.api, formData(form), { form });
    } catch {
      return;  // api.js showed why
    }
    guard.markSaved();
    toast(form.dataset.saved, { kind: "success" });
  });
}
