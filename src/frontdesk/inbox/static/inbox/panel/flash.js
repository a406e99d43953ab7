// A message that outlives a reload or a navigation inside the Inbox: the page that changed
// something stores it, the next Inbox page shows it as a toast (layout.js calls showFlash).

import { toast } from "/static/frontdesk/js/toast.js";

const KEY = "frontdesk-inbox-flash";

export function flash(message, kind = "success") {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ message, kind }));
  } catch {
    /* storage may be blocked: the change still shows on the next page, only unannounced */
  }
}

export function showFlash() {
  let stored = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(KEY) || "null");
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (stored?.message) toast(stored.message, { kind: stored.kind || "success" });
}

/** "Chosen: %(count)s" with {count: 3} -> "Chosen: 3" (the words come from the template). */
export function fill(template, values) {
  return template.replace(/%\((\w+)\)s/g, (match, name) => (name in values ? String(values[name]) : match));
}
