// The Statuses screen (templates/inbox/panel/statuses.html): each status saves through
// PUT /api/cms/inbox/statuses/<id>, a new one through POST /api/cms/inbox/statuses, a deletion
// through DELETE; the dragged order is stored at once (POST .../statuses/sorting). Giving a flag
// to one status can take it from another, so after each change the flags of all are read again.

import { api } from "../../frontdesk/js/api.js";
import { confirmDialog } from "../../frontdesk/js/confirm.js";
import { el } from "../../frontdesk/js/dom.js";
import { t } from "../../frontdesk/js/i18n.js";
import { makeSortable } from "../../frontdesk/js/sortable.js";
import { toast } from "../../frontdesk/js/toast.js";
import { reasonOf } from "./editor-reason.js";

const COLOUR = /^#[0-9a-fA-F]{6}$/;

function values(form) {
  const label = {};
  for (const input of form.querySelectorAll("[name^='label.']")) label[input.name.slice(6)] = input.value.trim();
  return {
    label,
    colour: form.elements.colour.value.trim(),
    is_arrival: form.elements.is_arrival.checked,
    is_spam: form.elements.is_spam.checked,
    is_closed: form.elements.is_closed.checked,
  };
}

function paintChip(scope) {
  const chip = scope.querySelector("[data-chip]");
  const colour = scope.querySelector("[data-colour-text]").value.trim();
  if (chip && COLOUR.test(colour)) chip.style.background = colour;  // CSSOM: allowed under a strict CSP
}

function wireColour(scope) {
  const picker = scope.querySelector("[data-colour-picker]");
  const text = scope.querySelector("[data-colour-text]");
  picker.addEventListener("input", () => {
    text.value = picker.value;
    paintChip(scope);
  });
  text.addEventListener("input", () => {
    if (COLOUR.test(text.value.trim())) picker.value = text.value.trim().toLowerCase();
    paintChip(scope);
  });
  paintChip(scope);
}

function start(root, list, addForm) {
  const words = root.dataset;
  const base = words.api;
  const items = () => [...list.children].filter((child) => child.matches("li.inbox-statuses-status"));
  const byId = (id) => items().find((item) => item.dataset.id === String(id));

  function showFlags(item, status) {
    const form = item.querySelector("form");
    for (const key of ["is_arrival", "is_spam", "is_closed"]) form.elements[key].checked = status[key];
    const badges = [];
    if (status.is_arrival) badges.push(el("span", { class: "fd-badge fd-badge--accent" }, words.arrival));
    if (status.is_spam) badges.push(el("span", { class: "fd-badge fd-badge--warning" }, words.spam));
    if (status.is_closed) badges.push(el("span", { class: "fd-badge" }, words.closed));
    item.querySelector("[data-flags]").replaceChildren(...badges);
  }

  function show(item, status) {
    const form = item.querySelector("form");
    const name = status.label_text || Object.values(status.label || {}).find(Boolean) || "";
    item.dataset.id = String(status.id);
    item.dataset.label = name;
    item.querySelector("[data-name]").textContent = name;
    for (const button of item.querySelectorAll("[data-named]")) {
      const pattern = words[`${button.dataset.named}Named`];
      button.setAttribute("aria-label", pattern.replace("%(name)s", name));
    }
    for (const input of form.querySelectorAll("[name^='label.']")) input.value = status.label?.[input.name.slice(6)] || "";
    form.elements.colour.value = status.colour;
    item.querySelector("[data-colour-picker]").value = status.colour.toLowerCase();
    paintChip(item);
    showFlags(item, status);
    for (const [direction, key] of [["up", "sortable.up"], ["down", "sortable.down"]]) {
      const button = item.querySelector(`:scope > .fd-sortable-controls [data-move='${direction}']`);
      if (!button) continue;
      button.setAttribute("aria-label", t(key, { item: name }));
      button.title = t(key, { item: name });
    }
  }

  function refuse(item, message) {
    const notice = item.querySelector("[data-refusal]");
    notice.textContent = message;
    notice.hidden = !message;
  }

  /** A flag given to one status may have left another: read every status's flags again. */
  async function refreshFlags() {
    let statuses;
    try {
      statuses = await api.get(base);
    } catch {
      return;
    }
    for (const status of statuses) {
      const item = byId(status.id);
      if (item) showFlags(item, status);
    }
  }

  const sortable = makeSortable(list, {
    label: (item) => item.dataset.label,
    onChange: async (ids) => {
      try {
        await api.post(`${base}/sorting`, { order: ids.map(Number) });
      } catch {
        // api.js showed why
      }
    },
  });

  list.addEventListener("submit", async (event) => {
    const form = event.target.closest("[data-status-form]");
    if (!form) return;
    event.preventDefault();
    const item = form.closest("li");
    refuse(item, "");
    let status;
    try {
      status = await api.put(`${base}/${item.dataset.id}`, values(form), { form });
    } catch {
      return;
    }
    show(item, status);
    await refreshFlags();
    toast(words.saved, { kind: "success" });
  });

  list.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-delete-status]");
    if (!button) return;
    const item = button.closest("li");
    refuse(item, "");
    const confirmed = await confirmDialog({
      title: words.deleteTitle, message: words.deleteMessage, confirmLabel: words.deleteConfirm, danger: true,
    });
    if (!confirmed) return;
    try {
      await api.delete(`${base}/${item.dataset.id}`, { quiet: true });
    } catch (error) {
      refuse(item, reasonOf(error));
      return;
    }
    const all = items();
    const next = all[all.indexOf(item) + 1] || all[all.indexOf(item) - 1];
    item.remove();
    sortable.refresh();
    (next?.querySelector("input[type='text']") || addForm.querySelector("input")).focus();
    toast(words.deleted, { kind: "success" });
  });

  addForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    let status;
    try {
      status = await api.post(base, values(addForm), { form: addForm });
    } catch {
      return;
    }
    const html = document.getElementById("inbox-statuses-blank-status").innerHTML.replaceAll("__uid__", `status-${status.id}`);
    const holder = document.createElement("template");
    holder.innerHTML = html.trim();
    const item = holder.content.firstElementChild;
    list.append(item);
    sortable.refresh();
    wireColour(item);
    show(item, status);
    addForm.reset();
    addForm.querySelector("[data-colour-picker]").value = addForm.elements.colour.value;
    await refreshFlags();
    toast(words.added, { kind: "success" });
  });

  for (const item of items()) wireColour(item);
  wireColour(addForm);
}

const root = document.querySelector(".inbox-statuses");
if (root) start(root, document.getElementById("inbox-statuses-list"), document.getElementById("inbox-statuses-add"));
