// Shows the problems most like the draft while its title and statement are typed, from
// /similar (the same list the preview shows without scripts).
(function () {
  "use strict";
  var box = document.getElementById("similar-drafts");
  var title = document.getElementById("title");
  var statement = document.getElementById("statement");
  if (!box || !title || !statement || !window.fetch) {
    return;
  }
  var timer = null;
  var asked = "";
  function ask() {
    var q = new URLSearchParams({ title: title.value, statement: statement.value, exclude: box.dataset.similarExclude || "" });
    var key = q.toString();
    if (key === asked) {
      return;
    }
    asked = key;
    fetch("/similar?" + key, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html !== null && key === asked) {
          box.innerHTML = html;
          box.dispatchEvent(new CustomEvent("theoremdb:content", { bubbles: true }));
        }
      })
      .catch(function () {});
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(ask, 600);
  }
  title.addEventListener("input", later);
  statement.addEventListener("input", later);
})();
