/* frontdesk inbox: sends a form[data-site-form] with fetch and fills its message boxes.
   No dependencies, no build. Without this script the form posts and the page reloads. */
(function () {
  "use strict";
  if (window.siteFormsReady || !window.fetch || !window.FormData) return;
  window.siteFormsReady = true;

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  function box(form, kind, data) {
    var el = form.querySelector('[data-site-message="' + kind + '"]');
    if (!el) return;
    var heading = el.querySelector("[data-site-heading]");
    var text = el.querySelector("[data-site-text]") || el;
    if (heading) heading.textContent = (data && data.heading) || "";
    text.textContent = (data && data.message) || el.getAttribute("data-site-fallback") || "";
    el.hidden = false;
  }

  function clear(form) {
    all(form, '[aria-invalid="true"]').forEach(function (el) { el.removeAttribute("aria-invalid"); });
    all(form, ".is-invalid").forEach(function (el) { el.classList.remove("is-invalid"); });
    all(form, "[data-site-error],[data-site-message],[data-site-summary]").forEach(function (el) {
      if (el.hasAttribute("data-site-error")) el.textContent = "";
      el.hidden = true;
    });
  }

  function invalid(form, errors) {
    var first = null;
    Object.keys(errors || {}).forEach(function (key) {
      var name = key.replace(/^fields\./, "");
      var controls = all(form, '[name="fields[' + name + ']"],[name="fields[' + name + '][]"]');
      controls.forEach(function (el) {
        el.setAttribute("aria-invalid", "true");
        var wrap = el.closest(".site-form__field");
        if (wrap) wrap.classList.add("is-invalid");
      });
      var error = form.querySelector('[data-site-error="' + name + '"]');
      if (error) {
        error.textContent = [].concat(errors[key]).join(" ");
        error.hidden = false;
      }
      if (!first && controls.length) first = controls[0];
    });
    return first;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-site-form]")) return;
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    form.setAttribute("aria-busy", "true");
    clear(form);
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
      credentials: "same-origin"
    })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (data) {
          if (response.ok && data.ok) {
            box(form, "success", data);
            form.reset();
            return;
          }
          var first = response.status === 422 ? invalid(form, data.errors) : null;
          box(form, "error", data);
          if (first) first.focus();
        });
      })
      .catch(function () { box(form, "error"); })
      .then(function () { form.removeAttribute("aria-busy"); });
  });
})();
