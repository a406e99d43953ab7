// Calls the panel API (/api/cms/...) with the session and the CSRF token; JSON in and out.
//
//   import { api, formData } from "./api.js";
//   const me = await api.get("/api/cms/me");
//   await api.put("/api/cms/me", formData(form), { form });
//
// A 422 answer {message, errors: {field: [...]}} is shown in `form`: each message under the
// control whose name is the error's key (keys may be dotted, "fields.email"), the control marked
// aria-invalid and described by its message, and a summary at the top of the form that takes
// the focus. Messages without a matching control go to the summary only. A 409 for a record
// still in use {message, in_use, uses} is shown in `form` the same way, each place in `uses`
// listed in the summary. Any other failure (401, 403, 404, a stale 409, 500, no network)
// becomes a toast. Every failure also rejects the promise
// with an ApiError, so a caller can stop; `quiet: true` leaves all showing to the caller.
// A FormData body (a file upload) is sent as multipart form data instead of JSON.

import { el, ensureId } from "./dom.js";
import { t } from "./i18n.js";
import { toast } from "./toast.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body || {};
  }
}

export function csrfToken() {
  const cookie = document.cookie.split("; ").find((item) => item.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
  return document.querySelector('meta[name="csrf-token"]')?.content || "";
}

function withQuery(path, query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, value);
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

async function readBody(response) {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}

function setBusy(form, busy) {
  // Buttons stay enabled (a disabled button would drop the keyboard focus); aria-busy tells.
  if (!form) return;
  if (busy) form.setAttribute("aria-busy", "true");
  else form.removeAttribute("aria-busy");
}

export async function request(method, path, { body, query, form, quiet = false } = {}) {
  const headers = { Accept: "application/json" };
  if (method !== "GET" && method !== "HEAD") headers["X-CSRFToken"] = csrfToken();
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers["Content-Type"] = "application/json";
  if (form) clearErrors(form);
  setBusy(form, true);
  let response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined || multipart ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (!quiet) toast(t("error.network"), { kind: "error" });
    throw new ApiError(0, { message: t("error.network") });
  } finally {
    setBusy(form, false);
  }
  const data = await readBody(response);
  if (response.ok) return data;
  const error = new ApiError(response.status, data);
  if (!quiet) {
    if ((response.status === 422 || (response.status === 409 && "in_use" in error.body)) && form) {
      // A value refused, or the record still in use (core/errors.InUse): shown in the form,
      // the places that use it listed under the message.
      showErrors(form, error.body);
    } else if (response.status === 401) {
      toast(t("error.session"), { kind: "error" });
    } else {
      toast(error.body.message || t("error.generic"), { kind: "error" });
    }
  }
  throw error;
}

export const api = {
  get: (path, options = {}) => request("GET", path, options),
  post: (path, body, options = {}) => request("POST", path, { ...options, body }),
  put: (path, body, options = {}) => request("PUT", path, { ...options, body }),
  patch: (path, body, options = {}) => request("PATCH", path, { ...options, body }),
  delete: (path, options = {}) => request("DELETE", path, options),
};

/** The form's named controls as JSON; dotted names nest ("fields.email" -> {fields: {email}}). */
export function formData(form) {
  const result = {};
  const put = (name, value) => {
    const parts = name.split(".");
    let target = result;
    for (const part of parts.slice(0, -1)) {
      target[part] ??= {};
      target = target[part];
    }
    target[parts.at(-1)] = value;
  };
  for (const control of form.elements) {
    const { name, type } = control;
    if (!name || control.disabled || type === "submit" || type === "button" || type === "file") continue;
    if (type === "checkbox") {
      const group = form.querySelectorAll(`input[type="checkbox"][name="${CSS.escape(name)}"]`);
      if (group.length > 1) {
        put(name, [...group].filter((box) => box.checked).map((box) => box.value));
      } else {
        put(name, control.checked);
      }
    } else if (type === "radio") {
      if (control.checked) put(name, control.value);
    } else if (control instanceof HTMLSelectElement && control.multiple) {
      put(name, [...control.selectedOptions].map((option) => option.value));
    } else if (type === "number") {
      put(name, control.value === "" ? null : Number(control.value));
    } else {
      put(name, control.value);
    }
  }
  return result;
}

function controlFor(form, key) {
  if (key === "__all__") return null;
  const named = form.elements.namedItem(key);
  if (named instanceof RadioNodeList) return named[0] || null;
  return named || form.querySelector(`[data-error-key="${CSS.escape(key)}"]`);
}

function labelFor(control) {
  const fieldset = control.type === "radio" || control.type === "checkbox" ? control.closest("fieldset") : null;
  const text = fieldset?.querySelector("legend")?.textContent || control.labels?.[0]?.textContent;
  return (text || control.name || "").trim();
}

/** Remove the messages that showErrors() put into `form`. */
export function clearErrors(form) {
  form.querySelector(":scope > .fd-error-summary[data-api-errors]")?.remove();
  for (const message of form.querySelectorAll(".fd-field-error[data-api-error]")) message.remove();
  for (const control of form.querySelectorAll("[data-api-invalid]")) {
    control.removeAttribute("aria-invalid");
    control.removeAttribute("data-api-invalid");
    const original = control.dataset.describedby ?? "";
    if (original) control.setAttribute("aria-describedby", original);
    else control.removeAttribute("aria-describedby");
    delete control.dataset.describedby;
  }
}

/** Show a 422 body {message, errors}, or a 409 in-use body {message, in_use, uses}, in `form`
 * (see the module's comment). */
export function showErrors(form, { message, errors = {}, uses = [] } = {}) {
  clearErrors(form);
  const items = (uses || []).map((use) => el("li", {}, use));
  for (const [key, messages] of Object.entries(errors)) {
    const text = [].concat(messages).join(" ");
    const control = controlFor(form, key);
    if (!control) {
      items.push(el("li", {}, text));
      continue;
    }
    const id = `${ensureId(control, "field")}-error`;
    const note = el("p", { class: "fd-field-error", id, "data-api-error": true }, text);
    // The message goes above the control (after a group's legend), where it is read first.
    const group = control.type === "radio" || control.type === "checkbox" ? control.closest("fieldset") : null;
    const legend = group?.querySelector("legend");
    if (legend) legend.after(note);
    else (control.closest(".fd-check") || control).before(note);
    const targets = control.type === "radio" ? [...form.elements.namedItem(key)] : [control];
    for (const target of targets) {
      target.dataset.describedby = target.getAttribute("aria-describedby") || "";
      target.setAttribute("aria-describedby", `${id} ${target.dataset.describedby}`.trim());
      target.setAttribute("aria-invalid", "true");
      target.setAttribute("data-api-invalid", "");
    }
    const label = labelFor(control);
    const link = el("a", { href: `#${control.id}` }, label ? `${label}: ${text}` : text);
    link.addEventListener("click", (event) => {
      event.preventDefault();
      control.focus();
    });
    items.push(el("li", {}, link));
  }
  const summary = el("div", { class: "fd-error-summary", tabindex: "-1", "data-api-errors": true },
    el("p", {}, message || t("error.summary")),
    items.length ? el("ul", {}, ...items) : null);
  form.prepend(summary);
  summary.focus();
  return summary;
}
