// The page editor: Content (the block editor, one per language tab), Settings (title and address
// per language, home page, menu, project fields), SEO (the SEO card) and History (versions, log).
// Saves the draft with PUT /api/cms/pages/<id> carrying the revision it was loaded with (a stale
// one answers 409), by the Save button or Ctrl/Cmd+S; a 422 shows each message under its block or
// box and opens the tab it is on; guards unsaved changes; Move to the bin asks first. Preview,
// Publish, Unpublish, Discard and Restore a version are the host's versioned editor
// (publishing/static/frontdesk/js/versioned-editor.js), mounted with the page's API address.
//
// The block editor is the block system's ES module (blocks/static/blocks/editor.js,
// mountBlockEditor), with the rich text editor and the picture library's picker.

import { mountBlockEditor } from "../blocks/editor.js";
import { api } from "../frontdesk/js/api.js";
import { confirmDialog } from "../frontdesk/js/confirm.js";
import { pickPicture } from "../frontdesk/js/picture-picker.js";
import { changedValues, projectFieldValues } from "../frontdesk/js/project-fields.js";
import { mountRichText } from "../frontdesk/js/richtext.js";
import { seoCardValues } from "../frontdesk/js/seo-card.js";
import { makeTabs } from "../frontdesk/js/tabs.js";
import { toast } from "../frontdesk/js/toast.js";
import { guardUnsaved } from "../frontdesk/js/unsaved.js";
import { mountVersionedEditor } from "../frontdesk/js/versioned-editor.js";

const form = document.getElementById("page-form");
const editors = new Map();  // language -> the mounted block editor

function readJson(id, fallback) {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? "null") ?? fallback;
  } catch {
    return fallback;
  }
}

function mountBlocks() {
  for (const panel of form.querySelectorAll(".pages-language[data-language]")) {
    const language = panel.dataset.language;
    const element = panel.querySelector(".blocks-editor");
    const blocks = readJson(`pages-blocks-data-${language}`, []);
    editors.set(language, mountBlockEditor(element, {
      blocks,
      // The block editor hands the textarea over before it is in the page; the rich text
      // editor goes beside it, so it mounts once the block is in place (the same task).
      richText: (area) => queueMicrotask(() => {
        if (area.isConnected) mountRichText(area, { language });
      }),
      pickPicture: (options = {}) => pickPicture({ language, ...options }),
    }));
  }
  return Promise.all([...editors.values()].map((editor) => editor.ready));
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
    content: Object.fromEntries([...editors].map(([language, editor]) => [language, editor.getBlocks()])),
  };
  const seo = form.querySelector("[data-seo-card]");
  if (seo) payload.seo = seoCardValues(seo);
  const card = form.querySelector("[data-project-fields]");
  const extra = changedValues(projectFieldValues(card), savedExtra);
  if (Object.keys(extra).length) payload.extra = extra;
  return payload;
}

if (form) {
  const tabs = makeTabs(form.querySelector(":scope > [role='tablist']"));
  const languageTabs = makeTabs(form.querySelector("[data-language-tabs]"));
  await mountBlocks();
  const guard = guardUnsaved(form);

  function tabOf(key) {
    if (key === "content" || key.startsWith("content.")) return "pages-tab-content";
    if (key === "seo" || key.startsWith("seo.")) return "pages-tab-seo";
    return "pages-tab-settings";
  }

  function errorsOf(language, errors) {
    // content.<language>.<index>.<name> -> the language's editor, as content.<index>.<name>.
    const prefix = `content.${language}`;
    return Object.fromEntries(Object.entries(errors)
      .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
      .map(([key, messages]) => [`content${key.slice(prefix.length)}`, messages]));
  }

  function showBlockErrors(errors = {}) {
    const keys = Object.keys(errors);
    if (!keys.length) return;
    // The tab of the first message opens, so that its box can take the focus.
    tabs.select(document.getElementById(tabOf(keys[0])), false);
    const failing = [...editors.keys()].filter((language) => Object.keys(errorsOf(language, errors)).length);
    for (const [language, editor] of editors) {
      if (!failing.includes(language)) editor.clearErrors();
    }
    if (!failing.length) return;
    languageTabs.select(document.getElementById(`pages-language-tab-${failing[0]}`), false);
    // The first failing language last: its first message keeps the focus.
    for (const language of [...failing.slice(1), failing[0]]) {
      editors.get(language).showErrors(errorsOf(language, errors));
    }
  }

  async function save() {
    let page;
    try {
      page = await api.put(form.dataset.api, body(), { form });
    } catch (error) {
      if (error.status === 422) showBlockErrors(error.body?.errors);
      return null;
    }
    for (const editor of editors.values()) editor.clearErrors();
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
      if (form.dataset.api && document.querySelector('button[form="page-form"][type="submit"]')) save();
    }
  });

  mountVersionedEditor({ api: form.dataset.api, revision: () => Number(form.dataset.revision), save, guard });

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
    guard.release();
    location.assign(form.dataset.list);
  });
}
