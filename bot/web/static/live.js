// Soloist's running games, followed live (progressive enhancement only: without this script
// a reload shows the same page). The game's live stream (bot/web/live.py, Server-Sent Events
// from this server) says when the game moves. A reader at the newest step gets the new step
// in place: the newest step's page is fetched and its parts (the outermost sections of main:
// the status, the step with its stepper and board, the score sheet, the list of steps) are
// swapped for the ones shown. A reader at an older step is left where they are, with a
// notice linking the new step. When the game ends (or its page is revoked) the stream says
// so and closes, and so does this script.
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me || !window.EventSource || !window.fetch || !window.DOMParser) { return; }
  var stream = me.getAttribute("data-stream");
  var source = new EventSource(stream);
  var shown = Number((/[?&]step=([0-9]+)/.exec(stream) || [0, 0])[1]);  // the page's version
  var wanted = null, fetching = false;

  function newest() { return !document.querySelector('.stepper a[rel="next"]'); }

  function parts(root) {
    return Array.prototype.filter.call(
      root.querySelectorAll("main section, main aside, main figure"),
      function (node) { return !node.parentElement.closest("section, aside, figure"); });
  }

  function key(node) {
    if (node.classList.contains("replay")) { return "replay"; }
    return node.id || node.getAttribute("aria-labelledby") || node.tagName + "." + node.className;
  }

  function swap(fresh) {
    var main = document.querySelector("main");
    var old = {}, kept = {}, last = null;
    var focused = document.activeElement;
    var rel = focused && focused.getAttribute ? focused.getAttribute("rel") : null;
    parts(document).forEach(function (node) { old[key(node)] = node; });
    parts(fresh).forEach(function (node) {
      var k = key(node), mine = old[k], copy = mine;
      kept[k] = true;
      if (!mine || mine.outerHTML !== node.outerHTML) {
        copy = document.importNode(node, true);
        if (mine) { mine.replaceWith(copy); }
        else if (last) { last.after(copy); }
        else { main.prepend(copy); }
      }
      last = copy;
    });
    Object.keys(old).forEach(function (k) { if (!kept[k]) { old[k].remove(); } });
    if (fresh.title) { document.title = fresh.title; }
    if (focused && focused !== document.body && !document.body.contains(focused)) {
      var again = rel && document.querySelector('.stepper a[rel="' + rel + '"]');
      (again || document.querySelector(".stepper .where") || main).focus({ preventScroll: true });
    }
    document.dispatchEvent(new CustomEvent("soloist:swapped"));  // time.js: local dates
  }

  function say(data) {
    var region = document.getElementById("live-said");
    if (!region) {
      region = document.createElement("p");
      region.id = "live-said";
      region.className = "live-said";
      region.setAttribute("role", "status");
      document.querySelector("main").appendChild(region);
    }
    region.textContent = data.played;
  }

  function notice(data) {
    var note = document.getElementById("live-note");
    if (!note) {
      note = document.createElement("p");
      note.id = "live-note";
      note.className = "note live-note";
      note.setAttribute("role", "status");
      var stepper = document.querySelector("section.replay .stepper");
      if (stepper) { stepper.after(note); } else { document.querySelector("main").prepend(note); }
    }
    var link = document.createElement("a");
    link.href = data.url;
    link.textContent = data.show;
    note.replaceChildren(document.createTextNode(data.played + " "), link);
  }

  function show(data) {
    fetching = true;
    fetch(data.page, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (answer) {
        if (!answer.ok) { throw new Error(String(answer.status)); }
        return answer.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        if (newest()) {
          swap(fresh);
          shown = data.step;
          say(data);
          if (/[?&]step=/.test(location.search) || /^#step-/.test(location.hash)) {
            var url = /[?&]step=/.test(location.search) ? data.url
              : location.pathname + location.search + "#step-" + data.step;
            history.replaceState(history.state, "", url);
          }
        } else {
          notice(data);
        }
      })
      .catch(function () { source.close(); })  // the page is gone: so is its stream
      .then(function () {
        fetching = false;
        if (wanted && wanted.step > shown) { var next = wanted; wanted = null; moved(next); }
      });
  }

  function moved(data) {
    if (data.step <= shown) { return; }
    if (!newest()) { shown = data.step; notice(data); return; }
    if (fetching) { wanted = data; return; }
    show(data);
  }

  function read(event) {
    try { return JSON.parse(event.data); } catch (e) { return null; }
  }

  source.addEventListener("step", function (event) {
    var data = read(event);
    if (data) { moved(data); }
  });
  source.addEventListener("end", function (event) {
    source.close();
    var data = read(event);
    if (data) { moved(data); }
  });
  source.addEventListener("gone", function () { source.close(); });
  source.addEventListener("error", function () {
    if (source.readyState === EventSource.CLOSED) { source.close(); }  // refused: stop
  });
})();
