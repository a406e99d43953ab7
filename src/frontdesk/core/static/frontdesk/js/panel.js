// Wires the shell on every panel page: the menu button (narrow screens), the account menu,
// the theme toggle, and the focus on a server-rendered error summary.

const THEME_KEY = "frontdesk-theme";
const root = document.documentElement;
const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

function isDark() {
  const chosen = root.dataset.theme;
  return chosen ? chosen === "dark" : darkQuery.matches;
}

function wireTheme() {
  const toggle = document.querySelector("[data-theme-toggle]");
  if (!toggle) return;
  const show = () => toggle.setAttribute("aria-pressed", String(isDark()));
  toggle.addEventListener("click", () => {
    const theme = isDark() ? "light" : "dark";
    root.dataset.theme = theme;
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      /* the choice then lasts for this page only */
    }
    show();
  });
  darkQuery.addEventListener("change", show);
  show();
}

function wireMenu() {
  const button = document.querySelector("[data-menu-button]");
  const nav = button && document.getElementById(button.getAttribute("aria-controls"));
  if (!nav) return;
  const setOpen = (open) => {
    nav.classList.toggle("is-open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    setOpen(open);
    if (open) nav.querySelector("a")?.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
    const inside = nav.contains(document.activeElement) || document.activeElement === button;
    setOpen(false);
    if (inside) button.focus();
  });
  // Widening the window past the breakpoint shows the menu anyway; start closed next time.
  window.matchMedia("(max-width: 640px)").addEventListener("change", () => setOpen(false));
}

function wireAccountMenu() {
  const menu = document.querySelector("[data-account-menu]");
  if (!menu) return;
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
}

function focusErrorSummary() {
  document.querySelector("[data-focus-on-load]")?.focus();
}

wireTheme();
wireMenu();
wireAccountMenu();
focusErrorSummary();
