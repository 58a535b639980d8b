// Soloist's pages: progressive enhancement only (every page reads whole without it).
// Dates are written in UTC; where the browser says its time zone, each <time datetime>
// is written again in it (and in the parts a live page swaps in: live.js). A "copy" button
// copies the line its data-copy names.
(function () {
  "use strict";
  var options = { year: "numeric", month: "short", day: "numeric", hour: "2-digit",
    minute: "2-digit", timeZoneName: "short" };
  var lang = document.documentElement.lang || undefined;
  function local() {
    document.querySelectorAll("time[datetime]:not([data-local])").forEach(function (node) {
      var moment = new Date(node.getAttribute("datetime"));
      if (isNaN(moment.getTime())) { return; }
      try {
        node.title = node.textContent;
        node.textContent = new Intl.DateTimeFormat(lang, options).format(moment);
        node.setAttribute("data-local", "");
      } catch (e) { /* an old browser: the UTC text stays */ }
    });
  }
  local();
  document.addEventListener("soloist:swapped", local);  // a live page's new parts (live.js)
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var line = document.getElementById(button.getAttribute("data-copy"));
    if (!line || !navigator.clipboard) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(line.textContent.trim()).then(function () {
        button.textContent = button.getAttribute("data-done");
      });
    });
  });
})();
