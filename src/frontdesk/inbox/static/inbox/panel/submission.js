// The submission screen: status and assignee (PUT /api/cms/inbox/submissions/<id>), a note
// through the shared notes route, and "Mark unread", which then returns to the list.

import { api } from "/static/frontdesk/js/api.js";
import { formatMoment } from "/static/frontdesk/js/datetime.js";
import { el } from "/static/frontdesk/js/dom.js";
import { toast } from "/static/frontdesk/js/toast.js";
import { flash } from "./flash.js";

const handling = document.querySelector("[data-handling]");
handling?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const status = handling.elements.namedItem("status").value;
  const assignee = handling.elements.namedItem("assignee").value;
  try {
    await api.put(handling.dataset.url, { status: Number(status), assignee: assignee ? Number(assignee) : null },
      { form: handling });
  } catch {
    return;
  }
  // Loaded again so the head, the log and the list's counts all show the change.
  flash(handling.dataset.saved);
  location.reload();
});

const unread = document.querySelector("[data-mark-unread]");
unread?.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api.post(unread.dataset.url, { read: false });
  } catch {
    return;
  }
  flash(unread.dataset.done);
  location.assign(unread.dataset.back);
});

const noteForm = document.querySelector("[data-note-form]");
const noteList = document.querySelector("[data-notes]");

noteForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = noteForm.elements.namedItem("body");
  let note;
  try {
    note = await api.post(noteForm.dataset.url, { body: body.value }, { form: noteForm });
  } catch {
    return;
  }
  noteList.append(el("li", {},
    el("p", { class: "inbox-prewrap" }, note.body),
    el("p", { class: "fd-muted fd-small" }, `${note.author || ""} · `,
      el("time", { datetime: note.created_at }, formatMoment(note.created_at)))));
  document.querySelector("[data-notes-empty]")?.setAttribute("hidden", "");
  body.value = "";
  toast(noteForm.dataset.added, { kind: "success" });
});
