// Settings: saves one group through PUT /api/cms/settings/<group>. A secret is sent only when
// typed (replace) or when its "Clear" box is ticked (null); an empty box keeps it. The page never
// holds a secret's value, and the box is emptied after each save.

import { api, formData } from "../api.js";
import { toast } from "../toast.js";
import { guardUnsaved } from "../unsaved.js";

const form = document.getElementById("settings-form");

function body() {
  const data = formData(form);
  const values = data.values || {};
  for (const area of form.querySelectorAll("textarea[data-lines]")) {
    const name = area.name.slice("values.".length);
    values[name] = area.value.split("\n").map((line) => line.trim()).filter(Boolean);
  }
  const secrets = {};
  for (const [name, value] of Object.entries(data.secrets || {})) {
    if (value) secrets[name] = value;
  }
  for (const box of form.querySelectorAll("input[data-clear-secret]")) {
    if (box.checked) secrets[box.dataset.clearSecret] = null;
  }
  return { values, secrets, revision: Number(form.dataset.revision) };
}

function showSaved(group) {
  form.dataset.revision = group.revision;
  for (const [name, state] of Object.entries(group.secrets)) {
    const badge = form.querySelector(`[data-secret-state="${CSS.escape(name)}"]`);
    if (!badge) continue;
    const isSet = state === "set";
    badge.textContent = isSet ? form.dataset.set : form.dataset.notSet;
    badge.classList.toggle("fd-badge--success", isSet);
  }
  for (const input of form.querySelectorAll('input[type="password"]')) input.value = "";
  for (const box of form.querySelectorAll("input[data-clear-secret]")) box.checked = false;
}

if (form) {
  const guard = guardUnsaved(form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let group;
    try {
      group = await api.put(form.dataset.api, body(), { form });
    } catch {
      return;  // api.js showed why
    }
    showSaved(group);
    guard.markSaved();
    toast(form.dataset.saved, { kind: "success" });
  });
}
