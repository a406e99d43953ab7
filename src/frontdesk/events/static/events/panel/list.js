// The Events list (events/panel/list.html): create a draft from a title (then open its editor),
// and each row's menu: duplicate, unpublish, to the bin (confirmed), each through
// /api/cms/events. After a change the list is read again from the server (its tab, filters and
// page stay in the address) and a toast says what happened; after a duplicate the copy's row
// takes the focus. Restoring in the Bin tab is the host's bin-table.js.

import { api } from "../../frontdesk/js/api.js";
import { confirmDialog } from "../../frontdesk/js/confirm.js";
import { toast } from "../../frontdesk/js/toast.js";

const words = document.getElementById("events-words")?.dataset || {};
const FLASH = "events-list-flash";

// A message kept over the reload that shows the change, and the row to focus then.
function reloadSaying(message, focus = null) {
  sessionStorage.setItem(FLASH, JSON.stringify({ message, focus }));
  location.reload();
}

function showFlash() {
  let stored = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(FLASH) || "null");
  } catch {
    stored = null;
  }
  sessionStorage.removeItem(FLASH);
  if (!stored) return;
  toast(stored.message, { kind: "success" });
  if (stored.focus) document.querySelector(`tr[data-id="${Number(stored.focus)}"] .events-title a`)?.focus();
}

const create = document.getElementById("events-create");
if (create) {
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    const title = create.elements.title.value.trim();
    let made;
    try {
      made = await api.post(create.dataset.api, { title: { [create.dataset.language]: title } }, { form: create });
    } catch {
      return; // api.js showed why, under the title
    }
    location.assign(create.dataset.editor.replace("{id}", String(made.id)));
  });
}

async function duplicate(row) {
  const copy = await api.post(`${words.api}/${row.dataset.id}/duplicate`, {});
  // The address the list names: the default language's (the others are variants of it).
  const addresses = copy.addresses || {};
  const address = addresses[words.language] || Object.values(addresses)[0] || "";
  reloadSaying(`${words.copied} ${row.dataset.title}${address ? ` (${address})` : ""}`, copy.id);
}

async function unpublish(row) {
  await api.post(`${words.api}/${row.dataset.id}/unpublish`, {});
  reloadSaying(words.unpublished);
}

async function toTheBin(row) {
  const sure = await confirmDialog({
    title: words.binTitle,
    message: `${row.dataset.title}. ${words.binMessage}`,
    confirmLabel: words.binConfirm,
    danger: true,
  });
  if (!sure) return;
  await api.delete(`${words.api}/${row.dataset.id}`);
  reloadSaying(words.binned);
}

const ACTIONS = { duplicate, unpublish, bin: toTheBin };

document.querySelector(".events-table:not([data-bin-table])")?.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-action]");
  if (!button) return;
  const row = button.closest("tr");
  button.closest("details")?.removeAttribute("open");
  try {
    await ACTIONS[button.dataset.action](row);
  } catch {
    // api.js showed why in a toast; the list stays as it was.
  }
});

// A row menu closes with Escape, giving the focus back to its button.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const open = event.target.closest?.("details.events-row-menu[open], details.events-moments[open]");
  if (!open) return;
  open.removeAttribute("open");
  open.querySelector("summary").focus();
});

showFlash();
