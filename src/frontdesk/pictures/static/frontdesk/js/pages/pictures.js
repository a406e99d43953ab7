// Pictures: the library as a grid, searched and paged through GET /api/cms/pictures; an upload
// (multipart POST); and a dialog per picture that changes its name and alt text (PUT), replaces
// its file (POST .../file) or deletes it (DELETE; a picture in use is refused, and the refusal
// with the places shows in the dialog).

import { api, formData, showErrors, clearErrors } from "../api.js";
import { confirmDialog } from "../confirm.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { picturesApi, thumbnailOf } from "../picture-picker.js";
import { toast } from "../toast.js";

const page = document.getElementById("pictures");
const text = (name) => page.dataset[name] || "";
const base = picturesApi();
const grid = document.getElementById("picture-grid");
const status = document.getElementById("picture-status");
const previous = document.getElementById("picture-previous");
const next = document.getElementById("picture-next");
const search = document.getElementById("picture-search");
const upload = document.getElementById("picture-upload");
const dialog = document.getElementById("picture-dialog");
const editForm = document.getElementById("picture-edit");
const PER_PAGE = 24;
let current = { page: 1, last: 1 };
let open = null; // the picture the dialog shows

function card(picture) {
  const name = picture.name || picture.key;
  const edit = el("button", { type: "button", class: "fd-button fd-button--small", "aria-label": t("picture.edit_named", { name }) }, t("picture.edit"));
  edit.addEventListener("click", () => openPicture(picture.key));
  return el("li", {},
    el("div", { class: "fd-picture-card", "data-key": picture.key },
      el("img", { src: thumbnailOf(picture, 320), alt: picture.alt_text || "", width: picture.width, height: picture.height, loading: "lazy" }),
      el("span", { class: "fd-picture-name" }, name),
      el("span", { class: "fd-muted fd-picture-alt" }, picture.alt_text || text("noAlt")),
      el("span", { class: "fd-muted fd-picture-facts" }, t("picture.facts", { width: picture.width, height: picture.height })),
      edit));
}

async function load(number = current.page) {
  let answer;
  try {
    answer = await api.get(base, { query: { q: search.elements.q.value.trim(), page: number, per_page: PER_PAGE } });
  } catch {
    return;
  }
  current = { page: answer.current_page, last: answer.last_page };
  grid.replaceChildren(...answer.rows.map(card));
  status.textContent = answer.total
    ? `${t("table.page", { page: current.page, pages: current.last })} · ${t("table.total", { total: answer.total })}`
    : t("table.empty");
  previous.disabled = current.page <= 1;
  next.disabled = current.page >= current.last;
}

function show(picture) {
  open = picture;
  clearErrors(editForm);
  const preview = document.getElementById("picture-preview");
  preview.src = thumbnailOf(picture, 640);
  preview.alt = picture.alt_text || "";
  document.getElementById("picture-facts").textContent = `${picture.key} · ${t("picture.facts", { width: picture.width, height: picture.height })}`;
  editForm.elements.name.value = picture.name;
  for (const input of editForm.querySelectorAll('input[name^="alt."]')) {
    input.value = picture.alt[input.name.slice(4)] || "";
  }
  editForm.elements.file.value = "";
  const uses = document.getElementById("picture-uses");
  const named = picture.uses.map((use) => el("li", {}, `${use.kind_label}: `, use.url ? el("a", { href: use.url }, use.label) : use.label));
  // Places in modules this account may not open are counted, never named (docs/host.md).
  const unnamed = picture.use_count - picture.uses.length;
  if (unnamed > 0) named.push(el("li", { class: "fd-muted" }, t("picture.unnamed_uses", { count: unnamed })));
  uses.replaceChildren(...(named.length ? named : [el("li", { class: "fd-muted" }, text("unused"))]));
}

async function openPicture(key) {
  let picture;
  try {
    picture = await api.get(`${base}/${encodeURIComponent(key)}`);
  } catch {
    return;
  }
  show(picture);
  if (!dialog.open) dialog.showModal();
  return picture;
}

upload.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = new FormData();
  const file = upload.elements.file.files[0];
  if (file) body.append("file", file);
  if (upload.elements.name.value.trim()) body.append("name", upload.elements.name.value.trim());
  let picture;
  try {
    picture = await api.post(base, body, { form: upload });
  } catch {
    return;
  }
  upload.reset();
  toast(text("uploaded"), { kind: "success" });
  await load(1);
  show(picture);
  dialog.showModal();
  editForm.querySelector('input[name^="alt."]')?.focus();
});

editForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const values = formData(editForm);
  try {
    show(await api.put(`${base}/${encodeURIComponent(open.key)}`, { name: values.name, alt: values.alt }, { form: editForm }));
  } catch {
    return;
  }
  toast(text("saved"), { kind: "success" });
  load();
});

document.getElementById("picture-replace").addEventListener("click", async () => {
  const file = editForm.elements.file.files[0];
  const body = new FormData();
  if (file) body.append("file", file);
  try {
    show(await api.post(`${base}/${encodeURIComponent(open.key)}/file`, body, { form: editForm }));
  } catch {
    return;
  }
  toast(text("replaced"), { kind: "success" });
  load();
});

document.getElementById("picture-delete").addEventListener("click", async () => {
  const confirmed = await confirmDialog({
    title: text("deleteTitle"), message: text("deleteMessage"), confirmLabel: text("deleteLabel"), danger: true,
  });
  if (!confirmed) return;
  try {
    await api.delete(`${base}/${encodeURIComponent(open.key)}`, { form: editForm });
  } catch {
    return; // in use: the refusal with its places is shown at the top of the dialog
  }
  dialog.close();
  toast(text("deleted"), { kind: "success" });
  load();
});

document.getElementById("picture-close").addEventListener("click", () => dialog.close());
dialog.addEventListener("close", () => {
  const opener = open && grid.querySelector(`[data-key="${CSS.escape(open.key)}"] button`);
  opener?.focus();
});
search.addEventListener("submit", (event) => {
  event.preventDefault();
  load(1);
});
previous.addEventListener("click", () => load(current.page - 1));
next.addEventListener("click", () => load(current.page + 1));
load(1);
