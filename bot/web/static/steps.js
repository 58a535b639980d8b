// Soloist's replays: the arrow keys step (progressive enhancement only: without this script
// the stepper's links do the same). Left follows the stepper's "previous" link, right its
// "next" one; not while typing, with a modifier held, or in a box that scrolls sideways.
(function () {
  "use strict";
  var rels = { ArrowLeft: "prev", ArrowRight: "next" };
  function scrollsSideways(node) {
    for (; node && node.nodeType === 1; node = node.parentElement) {
      var overflow = window.getComputedStyle(node).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && node.scrollWidth > node.clientWidth) {
        return true;
      }
    }
    return false;
  }
  document.addEventListener("keydown", function (event) {
    var rel = rels[event.key];
    if (!rel || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey ||
        event.shiftKey) { return; }
    var target = event.target;
    if (target && (target.isContentEditable ||
        /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || scrollsSideways(target))) { return; }
    var link = document.querySelector('.stepper a[rel="' + rel + '"]');
    if (!link) { return; }
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
