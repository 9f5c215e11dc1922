// kado's served table: keeps a page up to date. At every update from the server the
// page fetches its <main> again; an answer is posted without leaving the page. Without
// this script every page still works with plain forms and a reload.
"use strict";
(function () {
  var body = document.body;
  var main = body.dataset.main, events = body.dataset.events;
  if (!main || !window.EventSource || !window.fetch) return;
  var shown = null;
  function refresh() {
    fetch(main, { cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html === null || html === shown) return;
      shown = html;
      var field = document.getElementById("answer");
      var typed = field && document.activeElement === field ? field.value : null;
      var text = document.querySelector("details.board-text");
      var open = !!(text && text.open);
      // A button tapped by keyboard keeps the focus once the page is drawn again.
      var at = document.activeElement, focused = null;
      // A board that scrolls in its frame keeps where it was scrolled to.
      var frame = document.querySelector(".board-frame");
      var scrolled = frame ? [frame.scrollLeft, frame.scrollTop] : null;
      if (at && at.tagName === "BUTTON" && at.name) focused = [at.name, at.value];
      document.querySelector("main").outerHTML = html;
      if (focused) {
        var same = document.querySelector('button[name="' + focused[0] + '"][value="' +
          (window.CSS && CSS.escape ? CSS.escape(focused[1]) : focused[1]) + '"]');
        if (same && !same.disabled) same.focus();
      }
      var frameNow = document.querySelector(".board-frame");
      if (frameNow && scrolled) {
        frameNow.scrollLeft = scrolled[0]; frameNow.scrollTop = scrolled[1];
      } else if (frameNow) {
        var first = frameNow.querySelector("button.pick:not([disabled])");
        if (first) first.scrollIntoView({ block: "nearest", inline: "center" });
      }
      var textNow = document.querySelector("details.board-text");
      if (open && textNow) textNow.open = true;
      var again = document.getElementById("answer");
      if (typed !== null && again) { again.value = typed; again.focus(); }
    }).catch(function () {});
  }
  // A stream refused (the server's streams all taken: 503) is closed for good by the
  // browser: it is opened again after a pause that doubles, up to half a minute.
  var pause = 1000;
  function follow() {
    var source = new EventSource(events);
    source.addEventListener("update", refresh);
    source.addEventListener("open", function () { pause = 1000; refresh(); });
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(follow, pause);
      pause = Math.min(pause * 2, 30000);
    });
  }
  follow();
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.method !== "post") return;
    e.preventDefault();
    var data = new URLSearchParams(new FormData(form, e.submitter));
    if (!data.has("text")) data.set("text", "");
    fetch(form.action, { method: "POST", body: data }).then(refresh, refresh);
  });
})();
