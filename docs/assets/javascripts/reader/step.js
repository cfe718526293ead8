/*
 * gpulist reader, "Your next step" on the home page (see base.js for the modules).
 *
 *   [data-gpulist-next-step]  the build writes the first step of the first path in it
 *                             (gpulist.site.next_step.step_html, the same markup as here);
 *                             this module rewrites it for the reader's path (paths.js): its
 *                             first step neither read nor skipped, with why it comes now, its
 *                             effort and access, and the entry's control (status.js), so that
 *                             marking it read or skipped moves the card to the following step.
 *                             Once every step is read or skipped: that the path is done, and
 *                             the next path not yet done, with "Follow this path".
 */
(function (G) {
  "use strict";

  var esc = G.escapeHtml;

  function link(href, text) {
    return '<a href="' + esc(href) + '">' + esc(text) + "</a>";
  }

  function stepHtml(data, p, n) {
    var info = data.pathInfo[p], steps = data.paths[p], e = data.entries[steps[n]];
    var lead = G.paths.chosen() === info[0] ? "Your next step" : "First step";
    var meta = [e.effort, e.access || "free"].filter(Boolean).join(" \u00b7 ");
    return '<p class="gpulist-step-where"><span class="gpulist-step-lead">' + lead + "</span> \u00b7 " +
      link(info[2], info[1]) + ", step " + (n + 1) + " of " + steps.length + "</p>" +
      '<p class="gpulist-step-title">' + link(e.href, e.title) + "</p>" +
      '<p class="gpulist-step-why">' + esc(info[4][n] || "") + "</p>" +
      '<p class="gpulist-step-meta" data-gpulist-entry="' + esc(e.id) + '">' + esc(meta) + "</p>";
  }

  /* The path after `p`, in the list's order and round again, whose steps are not all done. */
  function following(data, p) {
    for (var k = 1; k < data.paths.length; k++) {
      var q = (p + k) % data.paths.length;
      if (G.paths.nextOf(data.paths[q].map(function (i) { return data.entries[i].id; })) !== -1) return q;
    }
    return -1;
  }

  function doneHtml(data, p) {
    var info = data.pathInfo[p], q = following(data, p);
    var head = '<p class="gpulist-step-where"><span class="gpulist-step-lead">Path done</span> \u00b7 ' +
      link(info[2], info[1]) + ": all " + data.paths[p].length + " steps read or skipped.</p>";
    if (q === -1) return head + '<p class="gpulist-step-why">Every path is done: the topics hold the rest.</p>';
    var next = data.pathInfo[q];
    return head + '<p class="gpulist-step-title">Next: ' + link(next[2], next[1]) + "</p>" +
      '<p class="gpulist-step-why">' + esc(next[3]) + "</p>" +
      '<p class="gpulist-step-meta">' + G.paths.followHtml(next[0]) + "</p>";
  }

  function render(data) {
    var box = document.querySelector("[data-gpulist-next-step]");
    var p = box ? G.paths.effective(data) : -1;
    if (p === -1) return;
    var ids = data.paths[p].map(function (i) { return data.entries[i].id; });
    var n = G.paths.nextOf(ids);
    var html = n === -1 ? doneHtml(data, p) : stepHtml(data, p, n);
    if (box.gpulistRendered === html) return; // the same step: its control is refreshed in place
    var due = box.querySelector("[data-gpulist-due]"); // due.js's count, kept through the rewrite
    var hadFocus = box.contains(document.activeElement) && !(due && due.contains(document.activeElement));
    box.innerHTML = html;
    if (due) box.appendChild(due);
    box.gpulistRendered = html;
    G.status.addControls(box);
    if (hadFocus) { // the step the reader marked has gone: the next one's control takes the focus
      var target = box.querySelector("select, button") || box;
      if (target === box) box.setAttribute("tabindex", "-1");
      target.focus();
    }
    G.mark("gpulist-step-ready");
  }

  function refresh() {
    if (!document.querySelector("[data-gpulist-next-step]")) return;
    G.loadData().then(render, function () { /* without the data the build's first step stays */ });
  }

  G.module("step", { refresh: refresh });
})(window.gpulist);
