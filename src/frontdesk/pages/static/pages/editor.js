// The page editor: Content (the block editor per language), Settings (title and address per
// language, home page, menu, project fields) and History (versions, log). Saves the draft with
// PUT /api/cms/pages/<id> carrying the revision it was loaded with (a stale one answers 409), by
// the Save button or Ctrl/Cmd+S; guards unsaved changes; Publish, Unpublish, Discard, Restore a
// version and Move to the bin call their routes and reload the editor.
//
// The block editor is the block system's ES module (blocks/static/blocks/editor.js,
// mountBlockEditor); without it the blocks are shown as kept and never sent, so nothing is lost.

import { api } from "../frontdesk/js/api.js";
import { confirmDialog } from "../frontdesk/js/confirm.js";
import { changedValues, projectFieldValues } from "../frontdesk/js/project-fields.js";
import { makeTabs } from "../frontdesk/js/tabs.js";
import { toast } from "../frontdesk/js/toast.js";
import { guardUnsaved } from "../frontdesk/js/unsaved.js";

const form = document.getElementById("page-form");
const editors = new Map();  // language -> the mounted block editor

function readJson(id, fallback) {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? "null") ?? fallback;
  } catch {
    return fallback;
  }
}

async function mountBlocks() {
  let mountBlockEditor;
  try {
    ({ mountBlockEditor } = await import("../blocks/editor.js"));
  } catch {
    for (const element of form.querySelectorAll("[data-block-editor]")) {
      const note = document.createElement("p");
      note.className = "fd-hint";
      note.textContent = form.dataset.noEditor;
      element.append(note);
    }
    return;
  }
  for (const element of form.querySelectorAll("[data-block-editor]")) {
    const language = element.dataset.language;
    const blocks = readJson(`pages-blocks-data-${language}`, []);
    editors.set(language, mountBlockEditor(element, { blocks, name: `content.${language}` }));
  }
}

function texts(prefix) {
  const values = {};
  for (const input of form.querySelectorAll(`input[name^="${prefix}."]`)) {
    values[input.name.slice(prefix.length + 1)] = input.value.trim();
  }
  return values;
}

let savedExtra = readJson("pages-extra", {});

function body() {
  const payload = {
    revision: Number(form.dataset.revision),
    title: texts("title"),
    slug: texts("slug"),
    is_home: form.elements.is_home.checked,
    in_menu: form.elements.in_menu.checked,
  };
  if (editors.size) {
    payload.content = Object.fromEntries([...editors].map(([language, editor]) => [language, editor.getBlocks()]));
  }
  const card = form.querySelector("[data-project-fields]");
  const extra = changedValues(projectFieldValues(card), savedExtra);
  if (Object.keys(extra).length) payload.extra = extra;
  return payload;
}

function showBlockErrors(errors) {
  // content.<language>.<index>.<name> -> the language's editor, as content.<index>.<name>.
  for (const [language, editor] of editors) {
    const prefix = `content.${language}`;
    const own = Object.fromEntries(Object.entries(errors || {})
      .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
      .map(([key, texts]) => [`content${key.slice(prefix.length)}`, texts]));
    editor.showErrors?.(own);
  }
}

if (form) {
  makeTabs(form.querySelector('[role="tablist"]'));
  await mountBlocks();
  const guard = guardUnsaved(form);

  async function save() {
    let page;
    try {
      page = await api.put(form.dataset.api, body(), { form });
    } catch (error) {
      if (error.status === 422) showBlockErrors(error.body.errors);
      return null;
    }
    form.dataset.revision = page.revision;
    savedExtra = page.extra;
    guard.markSaved();
    toast(form.dataset.saved, { kind: "success" });
    return page;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save();
  });
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
      event.preventDefault();
      save();
    }
  });

  async function step(path) {
    // Unsaved edits first, so that what is published is what the editor shows.
    if (form.hasAttribute("data-dirty") && !(await save())) return;
    try {
      await api.post(`${form.dataset.api}/${path}`, { revision: Number(form.dataset.revision) });
    } catch {
      return;
    }
    guard.markSaved();
    location.reload();
  }

  for (const button of document.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => step(button.dataset.step));
  }
  for (const button of document.querySelectorAll("[data-restore-version]")) {
    button.addEventListener("click", () => step(`versions/${button.dataset.restoreVersion}/restore`));
  }
  document.querySelector("[data-delete]")?.addEventListener("click", async () => {
    const sure = await confirmDialog({
      title: form.dataset.deleteTitle,
      message: form.dataset.deleteMessage,
      confirmLabel: form.dataset.deleteLabel,
      danger: true,
    });
    if (!sure) return;
    try {
      await api.delete(form.dataset.api);
    } catch {
      return;
    }
    guard.markSaved();
    location.assign(form.dataset.list);
  });
}
