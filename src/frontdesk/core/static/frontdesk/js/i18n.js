// The words the modules show, translated on the server: {% panel_strings %} prints them as JSON
// into #fd-strings. Placeholders look like Python's: "Page %(page)s of %(pages)s".

let strings = null;

function load() {
  const element = document.getElementById("fd-strings");
  try {
    return element ? JSON.parse(element.textContent) : {};
  } catch {
    return {};
  }
}

export function t(key, values = {}) {
  strings ??= load();
  const text = strings[key] ?? key;
  return text.replace(/%\((\w+)\)s/g, (match, name) => (name in values ? String(values[name]) : match));
}
