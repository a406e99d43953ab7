// Runs before the first paint (a classic script in <head>): applies the theme the account chose
// with the header's toggle, and marks that script runs so CSS may hide what JS will reveal.
(function () {
  var root = document.documentElement;
  root.classList.add("js");
  try {
    var theme = window.localStorage.getItem("frontdesk-theme");
    if (theme === "dark" || theme === "light") root.dataset.theme = theme;
  } catch (error) {
    /* storage may be blocked: the operating system's preference then decides */
  }
})();
