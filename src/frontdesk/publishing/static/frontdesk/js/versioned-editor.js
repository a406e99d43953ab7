// The steps every versioned record's editor has (docs/host.md, "The versioned editor's pieces"),
// over the controls of panel/_versioned_actions.html and panel/_history.html:
// - Preview ([data-preview]): what is unsaved is saved first (the preview shows the saved draft),
//   then a fresh link is asked of [data-preview-api], so an editor open for hours still opens a
//   good one; a click with a modifier key keeps the browser's own way with the link.
// - Publish, Unpublish, Discard the draft ([data-step]) and Restore a version
//   ([data-restore-version]): unsaved edits are saved first, so that what is published is what the
//   editor shows; then POST <api>/<step> with the revision the editor holds (a stale one answers
//   409, which api.js shows) and the editor reloads.
//
// A module's editor script mounts it with its own record's API address and its own save:
//
//   mountVersionedEditor({ api: form.dataset.api, revision: () => Number(form.dataset.revision),
//                          save, guard });
//
// `save()` answers something truthy once saved (null when refused); `guard` is the editor's
// guardUnsaved(form) (unsaved.js).

import { api as request } from "./api.js";

export function mountVersionedEditor({ api, revision, save, guard, root = document }) {
  async function saved() {
    return !guard.isDirty() || Boolean(await save());
  }

  const preview = root.querySelector("[data-preview]");
  preview?.addEventListener("click", async (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (!(await saved())) return;
    let url = preview.href;
    try {
      url = (await request.get(preview.dataset.previewApi)).path;
      preview.href = url;
    } catch {
      return;
    }
    window.open(url, "_blank", "noopener");
  });

  async function step(path) {
    if (!(await saved())) return;
    try {
      await request.post(`${api}/${path}`, { revision: revision() });
    } catch {
      return;
    }
    guard.markSaved();
    location.reload();
  }

  for (const button of root.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => step(button.dataset.step));
  }
  for (const button of root.querySelectorAll("[data-restore-version]")) {
    button.addEventListener("click", () => step(`versions/${button.dataset.restoreVersion}/restore`));
  }
}
