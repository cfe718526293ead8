/*
 * gpulist reader, the Review page: the check questions due, answered, revealed and graded (see base.js for the modules).
 *
 *   [data-gpulist-review]  on the Review page (gpulist.site.review_page): its no-JavaScript note
 *                          is replaced by a scope menu (due.js's scopes), a status line, and the
 *                          question due first: "Show the answer", then how well the reader knew
 *                          it (again, hard, good, easy, each with when FSRS would bring it back)
 *
 * Scheduling is FSRS through ts-fsrs (docs/assets/javascripts/vendor/ts-fsrs/, pinned, with its
 * licence and how it was obtained), loaded here on the Review page only; nothing of it is
 * written here but the card's storage (schedule.js). The questions' text comes from
 * review-data.json, fetched by this page only. The element carries data-gpulist-review-state
 * (question, answer, empty, refused, viewing) for the stylesheet and the tests; "gpulist-review-ready"
 * is marked once the first state is drawn (benchmarks/review_bench.py measures it). While the
 * reader views someone's shared progress (share.js), review is off.
 */
(function (G) {
  "use strict";

  var FSRS_SCRIPT = "assets/javascripts/vendor/ts-fsrs/ts-fsrs.umd.js"; // ts-fsrs 5.4.2
  var DATA = "review-data.json";
  var GRADES = [[1, "Again"], [2, "Hard"], [3, "Good"], [4, "Easy"]];
  var esc = G.escapeHtml;
  var fsrsPromise = null, dataPromise = null, scheduler = null, wake = 0;

  function loadFsrs() {
    if (!fsrsPromise) {
      fsrsPromise = new Promise(function (resolve, reject) {
        if (window.FSRS && window.FSRS.fsrs) return resolve(window.FSRS);
        var script = document.createElement("script");
        script.src = new URL(FSRS_SCRIPT, G.ROOT_URL).href;
        script.onload = function () { return window.FSRS && window.FSRS.fsrs ? resolve(window.FSRS) : reject(new Error("no FSRS")); };
        script.onerror = function () { reject(new Error("cannot load " + script.src)); };
        document.head.appendChild(script);
      });
      fsrsPromise.catch(function () { fsrsPromise = null; });
    }
    return fsrsPromise;
  }

  function loadQuestions() {
    if (!dataPromise) {
      dataPromise = fetch(new URL(DATA, G.ROOT_URL).href, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      }).then(function (raw) {
        if (!raw || raw.version !== 1) throw new Error(DATA + ": unknown version");
        var byId = {};
        raw.questions.forEach(function (q) { byId[q[0]] = q; });
        return { byId: byId, concepts: raw.concepts };
      });
      dataPromise.catch(function () { dataPromise = null; });
    }
    return dataPromise;
  }

  /* The areas' names, [[id, name], ...], which the build writes on the host (data-gpulist-areas). */
  function areaNames(host) {
    try {
      var areas = JSON.parse(host.getAttribute("data-gpulist-areas") || "[]");
      return Array.isArray(areas) ? areas : [];
    } catch (error) {
      return [];
    }
  }

  function areaName(host, id) {
    var found = areaNames(host).filter(function (a) { return a[0] === id; })[0];
    return found ? String(found[1]) : "";
  }

  function scopeMenu(host, data, scope) {
    var option = function (value, label) {
      return '<option value="' + esc(value) + '"' + (value === scope ? " selected" : "") + ">" + esc(label) + "</option>";
    };
    var paths = data.pathInfo.map(function (p) { return option("path:" + p[0], p[1]); }).join("");
    var areas = areaNames(host).filter(function (a) { return data.areas.indexOf(a[0]) !== -1; })
      .map(function (a) { return option("area:" + a[0], a[1]); }).join("");
    return '<p class="gpulist-review-bar"><label for="gpulist-review-scope">Questions from</label> ' +
      '<select id="gpulist-review-scope" class="gpulist-review-scope">' +
      option("read", "the concepts you have read or know") +
      (paths ? '<optgroup label="A reading path">' + paths + "</optgroup>" : "") +
      (areas ? '<optgroup label="An area">' + areas + "</optgroup>" : "") +
      option("all", "every concept") + "</select></p>";
  }

  function statusText(q) {
    var now = q.due.length + q.fresh.length;
    var head = now ? G.due.countText(q) + "." : "Nothing to review now.";
    var later = q.later.length ? " " + q.later.length + " more later today." : "";
    return head + later + " Scope: " + q.total + (q.total === 1 ? " question" : " questions") + " in " + q.concepts +
      (q.concepts === 1 ? " concept." : " concepts.");
  }

  /* "1 min", "6 min", "3 h", "8 days", "4 months", "2 years": when a grade brings the card back. */
  function after(ms) {
    var minutes = Math.max(1, Math.round(ms / 6e4));
    if (minutes < 60) return minutes + " min";
    if (minutes < 1440) return Math.round(minutes / 60) + " h";
    var days = Math.round(minutes / 1440);
    if (days < 31) return days + (days === 1 ? " day" : " days");
    if (days < 365) return Math.round(days / 30.4) + " months";
    var years = Math.round(days / 36.5) / 10;
    return years + (years === 1 ? " year" : " years");
  }

  function cardOf(F, id, now) {
    var own = G.schedule.cards()[id];
    return own ? G.schedule.toFsrs(own) : F.createEmptyCard(new Date(now));
  }

  function questionHtml(host, F, texts, id, now) {
    var q = texts.byId[id], concept = texts.concepts[q[1]];
    var preview = scheduler.repeat(cardOf(F, id, now), new Date(now));
    var grades = GRADES.map(function (g) {
      var when = after(new Date(preview[g[0]].card.due).getTime() - now);
      return '<button type="button" class="gpulist-review-grade" data-gpulist-grade="' + g[0] + '">' + g[1] +
        ' <span class="gpulist-review-when">' + when + "</span></button>";
    }).join(" ");
    var source = q[4] ? '<p class="gpulist-review-source"><a href="' + esc(new URL(q[5], G.ROOT_URL).href) + '">Learn it in: ' +
      esc(q[4]) + "</a></p>" : "";
    return '<section class="gpulist-review-card" aria-labelledby="gpulist-review-q">' +
      '<p class="gpulist-review-from"><a href="' + esc(new URL(concept[3], G.ROOT_URL).href) + '">' + esc(concept[1]) +
      "</a> \u00b7 " + esc(areaName(host, concept[2])) + "</p>" +
      '<h2 id="gpulist-review-q" class="gpulist-review-q" tabindex="-1">' + esc(q[2]) + "</h2>" +
      '<p><label class="gpulist-review-mine">Your answer (for you alone: it is not kept)' +
      '<textarea rows="3" class="gpulist-review-text"></textarea></label></p>' +
      '<p class="gpulist-review-act"><button type="button" class="gpulist-review-reveal" data-gpulist-reveal>Show the answer</button></p>' +
      '<div class="gpulist-review-answer" tabindex="-1" hidden><p>' + esc(q[3]) + "</p>" + source +
      '<p class="gpulist-review-ask" id="gpulist-review-ask">How well did you know it?</p>' +
      '<div class="gpulist-review-grades" role="group" aria-labelledby="gpulist-review-ask">' + grades + "</div></div></section>";
  }

  function emptyHtml(q, scope) {
    var why;
    if (!q.total) {
      why = scope === "read" ? "You have not read an entry or marked a concept known yet: their check questions come " +
        "here once you have. Or choose a path or an area above." : "These concepts have no check questions yet.";
    } else if (q.later.length) {
      var next = G.schedule.cards()[q.later[0]][0];
      why = "The next question comes back at " + new Date(next).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) + ".";
    } else if (q.next) {
      why = "The next question is due on " + new Date(q.next).toLocaleDateString([], { dateStyle: "long" }) + ".";
    } else {
      why = q.freshLeft ? "You have met the day's " + G.due.NEW_PER_DAY + " new questions: more tomorrow." : "You are up to date.";
    }
    return '<section class="gpulist-review-card gpulist-review-empty" aria-labelledby="gpulist-review-q">' +
      '<h2 id="gpulist-review-q" tabindex="-1">Nothing to review now</h2><p>' + esc(why) + "</p></section>";
  }

  function refusedHtml() {
    return '<div class="gpulist-review-problem" role="alert"><p>' +
      esc(G.schedule.problemText(G.schedule.problem(), "Your saved review schedule")) +
      " It is kept as it was and nothing is saved over it; your reading marks and known concepts are untouched.</p>" +
      '<p><button type="button" data-gpulist-review-discard>Start a new schedule</button></p></div>';
  }

  /* Draws the host for the reader's schedule (`q`, the queue at `now`; null while the stored
     schedule is refused): the current question while it is still due. F and texts (ts-fsrs,
     review-data.json) are null when nothing is due: then they were never needed. */
  function draw(host, F, data, texts, q, now) {
    var scope = G.schedule.scope();
    if (!q) return show(host, "refused", refusedHtml());
    if (G.store.viewing()) {
      return show(host, "viewing", '<p class="gpulist-review-status" role="status">You are viewing shared progress: ' +
        "review is off until you go back to your own, so that nothing is graded against someone else\u2019s reading.</p>");
    }
    var next = texts ? q.due.concat(q.fresh).filter(function (id) { return G.has.call(texts.byId, id); }) : [];
    var id = next.indexOf(host.gpulistCurrent) !== -1 ? host.gpulistCurrent : next[0];
    var body = id ? questionHtml(host, F, texts, id, now) : emptyHtml(q, scope);
    var html = scopeMenu(host, data, scope) + '<p class="gpulist-review-status" role="status">' + esc(statusText(q)) + "</p>" + body;
    if (host.gpulistRendered === html + id) return;
    host.gpulistCurrent = id || null;
    show(host, id ? "question" : "empty", html);
    host.gpulistRendered = html + id;
    window.clearTimeout(wake);
    if (!id && q.later.length) wake = window.setTimeout(G.refresh, Math.max(1e3, G.schedule.cards()[q.later[0]][0] - now + 500));
  }

  function show(host, state, html) {
    host.innerHTML = html;
    host.gpulistRendered = null;
    host.setAttribute("data-gpulist-review-state", state);
  }

  /* The queue from reader-data.json first; ts-fsrs and the questions' text only once a
     question is due (a first visit, with nothing covered, never needs them). */
  function refresh() {
    var host = document.querySelector("[data-gpulist-review]");
    if (!host) return;
    G.loadData().then(function (data) {
      var now = Date.now();
      var q = G.schedule.problem() ? null : G.due.queue(data, G.schedule.scope(), now);
      var needed = q && q.due.length + q.fresh.length ? Promise.all([loadFsrs(), loadQuestions()]) : Promise.resolve([null, null]);
      return needed.then(function (loaded) {
        if (!host.isConnected) return;
        if (loaded[0]) scheduler = scheduler || loaded[0].fsrs(loaded[0].generatorParameters({ enable_fuzz: false }));
        draw(host, loaded[0], data, loaded[1], q, now);
        var target = host.gpulistFocus && host.querySelector(host.gpulistFocus);
        host.gpulistFocus = null;
        if (target) target.focus();
        G.mark("gpulist-review-ready");
      });
    }).catch(function (error) {
      host.setAttribute("data-gpulist-review-state", "unavailable");
      if (window.console) window.console.warn("gpulist: the Review page cannot load: " + error);
    });
  }

  function grade(host, rating) {
    var id = host.gpulistCurrent;
    loadFsrs().then(function (F) {
      var now = new Date(), own = G.schedule.cards()[id];
      var record = scheduler.next(cardOf(F, id, now.getTime()), now, rating);
      host.gpulistCurrent = null;
      host.gpulistFocus = "#gpulist-review-q"; // the next question, or "Nothing to review now"
      G.schedule.put(id, G.schedule.fromFsrs(record.card, own ? own[9] : now.getTime()));
    });
  }

  document.addEventListener("click", function (event) {
    var host = event.target.closest && event.target.closest("[data-gpulist-review]");
    if (!host) return;
    var button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-gpulist-reveal")) {
      var answer = host.querySelector(".gpulist-review-answer");
      answer.hidden = false;
      button.closest("p").hidden = true;
      host.setAttribute("data-gpulist-review-state", "answer");
      answer.focus();
    } else if (button.hasAttribute("data-gpulist-grade")) {
      grade(host, Number(button.getAttribute("data-gpulist-grade")));
    } else if (button.hasAttribute("data-gpulist-review-discard")) {
      G.schedule.discard();
    }
  });

  document.addEventListener("change", function (event) {
    if (!event.target.classList || !event.target.classList.contains("gpulist-review-scope")) return;
    var host = event.target.closest("[data-gpulist-review]");
    host.gpulistFocus = "#gpulist-review-scope";
    G.schedule.setScope(event.target.value);
    G.refresh();
  });

  /* What the page needs, asked for as soon as it is known to be the Review page: when this
     script runs (the document is parsed by then) and at each page's first task, not after
     the reader has bound every control, which left the fetches waiting on the whole page.
     ts-fsrs and the questions only for a reader with progress: a first visit has none due. */
  function prefetch() {
    if (!document.querySelector("[data-gpulist-review]")) return;
    var ignore = function () {};
    G.loadData().catch(ignore);
    var progress = Object.keys(G.store.marks()).length || Object.keys(G.store.known()).length ||
      Object.keys(G.schedule.cards()).length;
    if (!progress) return; // nothing covered, nothing scheduled: nothing can be due
    loadFsrs().catch(ignore);
    loadQuestions().catch(ignore);
  }

  prefetch();
  G.module("review", { early: prefetch, refresh: refresh });
})(window.gpulist);
