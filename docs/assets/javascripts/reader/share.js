/*
 * gpulist reader, progress links: made, offered, viewed or merged (see base.js for the modules).
 *
 *   [data-gpulist-share]  (in the progress tools, files.js) makes the link and copies it
 *   #progress=…           on any page: offered in a [data-gpulist-shared] box under the title,
 *                         never applied unasked
 *
 * A link is "#progress=1." + base64url(deflate-raw(JSON of a progress file, files.js)); "1"
 * versions the encoding. The marks travel in the fragment, which browsers never send to a
 * server. Viewing shows the link's marks instead of the reader's own, with marking off;
 * merging keeps every mark the reader already has.
 */
(function (G) {
  "use strict";

  var LINK_PREFIX = "#progress=";
  var LINK_VERSION = "1";
  var MAX_LINK_CHARS = 1024 * 1024;
  var MAX_INFLATED_BYTES = 4 * 1024 * 1024;
  var NEWER_LINK = "This progress link was made by a newer version of the list: it cannot be read here.";

  var shared = null; // the offer of a shared link: {parsed, summary, phase: "offer"|"viewing"|"error", text, fragment}

  function toBase64Url(bytes) {
    var text = "";
    for (var i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return window.btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64Url(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("damaged");
    var binary = window.atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function encodeLink(doc) {
    var stream = new Blob([JSON.stringify(doc)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return G.ROOT_URL + LINK_PREFIX + LINK_VERSION + "." + toBase64Url(new Uint8Array(buffer));
    });
  }

  /* Inflated chunk by chunk, and abandoned past MAX_INFLATED_BYTES: a small link cannot
     unpack into a page-freezing document. */
  function inflate(bytes) {
    var reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    var chunks = [], size = 0;
    function pump() {
      return reader.read().then(function (step) {
        if (step.done) return new Blob(chunks).text();
        size += step.value.length;
        if (size > MAX_INFLATED_BYTES) { reader.cancel(); throw new Error("too large"); }
        chunks.push(step.value);
        return pump();
      });
    }
    return pump();
  }

  /* The marks a #progress= fragment carries, or {error, text} saying why there are none. */
  function decodeLink(fragment) {
    var payload = fragment.slice(LINK_PREFIX.length);
    var fail = function (text) { return Promise.resolve({ error: true, text: text }); };
    if (payload.length > MAX_LINK_CHARS) return fail("This progress link is too long to be one.");
    var dot = payload.indexOf(".");
    var version = dot === -1 ? "" : payload.slice(0, dot);
    if (version !== LINK_VERSION) {
      return fail(/^[0-9]{1,4}$/.test(version) && Number(version) > Number(LINK_VERSION)
        ? NEWER_LINK : "This is not a progress link this list can read.");
    }
    if (typeof DecompressionStream === "undefined") return fail("This browser cannot open progress links.");
    return Promise.resolve().then(function () { return inflate(fromBase64Url(payload.slice(dot + 1))); })
      .then(readLinkText, function (error) {
        return { error: true, text: error && error.message === "too large"
          ? "This progress link unpacks to far more than any reading progress: it was not read."
          : "This progress link is damaged or cut short: it cannot be read." };
      });
  }

  function readLinkText(text) {
    var parsed;
    try {
      parsed = G.files.parseDocument(JSON.parse(text));
    } catch (error) {
      parsed = { error: "not" };
    }
    if (parsed.error === "newer") return { error: true, text: NEWER_LINK };
    if (parsed.error) return { error: true, text: "This progress link does not hold reading progress." };
    return parsed;
  }

  function shareProgress(button) {
    var box = button.closest("[data-gpulist-progress-tools]");
    if (typeof CompressionStream === "undefined") {
      return G.files.status(button, "This browser cannot make a progress link: use Export progress instead.");
    }
    var doc = G.files.progressDocument();
    var count = Object.keys(G.store.own()).length;
    encodeLink(doc).then(function (url) {
      var field = box.querySelector("[data-gpulist-share-link]");
      field.value = url;
      field.closest(".gpulist-share-out").hidden = false;
      var done = function () {
        G.files.status(button, "Link copied, with your " + count + " marks in its fragment (#progress=\u2026), which is never sent to a server.");
      };
      var fallback = function () {
        field.select();
        G.files.status(button, "Your link is below, selected: press Ctrl+C (\u2318C) to copy it.");
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(done, fallback);
      else fallback();
    });
  }

  function counts(parsed) {
    var c = { read: 0, reading: 0, skipped: 0 };
    Object.keys(parsed.marks).forEach(function (id) { c[parsed.marks[id].status]++; });
    var known = Object.keys(parsed.known).length, review = parsed.review ? Object.keys(parsed.review).length : 0;
    return c.read + " read, " + c.reading + " reading, " + c.skipped + " skipped" +
      (known ? ", " + known + (known === 1 ? " concept" : " concepts") + " known" : "") +
      (review ? ", " + review + (review === 1 ? " question" : " questions") + " scheduled for review" : "") +
      (parsed.reviewRefused ? " (its review schedule cannot be read and will not be merged)" : "");
  }

  /* Offers the link in the address once: the same fragment is announced more than once (the
     page's binding and a hashchange both read it when a link opens on the page already shown),
     and a second, later decoding must not take back a "View it" the reader chose meanwhile. */
  function readLink() {
    var fragment = window.location.hash;
    if (fragment.indexOf(LINK_PREFIX) !== 0 || (shared && shared.fragment === fragment)) return;
    decodeLink(fragment).then(function (result) {
      if (window.location.hash !== fragment) return; // the reader has moved on meanwhile
      if (shared && shared.fragment === fragment) return; // offered already
      G.store.view(null);
      shared = result.error ? { phase: "error", text: result.text, fragment: fragment }
        : { phase: "offer", parsed: result, summary: counts(result), fragment: fragment };
      G.refresh();
      showShared();
    });
  }

  function sharedHtml() {
    var buttons = {
      view: '<button type="button" class="gpulist-shared-button" data-gpulist-view-shared>View it</button>',
      merge: '<button type="button" class="gpulist-shared-button" data-gpulist-import-shared>Merge into my progress</button>',
      back: '<button type="button" class="gpulist-shared-button" data-gpulist-leave-shared>Back to my progress</button>',
      dismiss: '<button type="button" class="gpulist-shared-button" data-gpulist-leave-shared>Dismiss</button>',
    };
    if (shared.phase === "error") return "<p>" + G.escapeHtml(shared.text) + " Your own progress is untouched.</p>" + buttons.dismiss;
    if (shared.phase === "viewing") {
      return "<p>You are viewing shared progress (" + shared.summary + "). Your own progress is untouched, " +
        "and marking is off while you view.</p>" + buttons.merge + " " + buttons.back;
    }
    return "<p>This link carries someone's reading progress: " + shared.summary + ". View it, or merge it into " +
      "your own; nothing changes until you choose.</p>" + buttons.view + " " + buttons.merge + " " + buttons.dismiss;
  }

  function showShared() {
    var old = document.querySelector("[data-gpulist-shared]");
    if (old) old.remove();
    if (!shared) return;
    var box = document.createElement("div");
    box.className = "gpulist-shared";
    box.setAttribute("data-gpulist-shared", shared.phase);
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "Shared progress");
    box.innerHTML = sharedHtml() + '<p class="gpulist-shared-status" role="status" aria-live="polite"></p>';
    var heading = document.querySelector("article h1");
    if (heading) heading.insertAdjacentElement("afterend", box);
    else (document.querySelector("article") || document.body).prepend(box);
  }

  function leaveShared(text) {
    shared = null;
    G.store.view(null);
    if (window.location.hash.indexOf(LINK_PREFIX) === 0) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
    G.refresh();
    showShared();
    if (text) announce(text);
  }

  /* What happened, said where the tools are, or in a status line of its own. */
  function announce(text) {
    var out = document.querySelector(".gpulist-tools-status");
    if (!out) {
      var box = document.createElement("p");
      box.className = "gpulist-shared-done";
      box.setAttribute("role", "status");
      var heading = document.querySelector("article h1");
      if (heading) heading.insertAdjacentElement("afterend", box);
      out = box;
    }
    out.textContent = text;
  }

  function sharedAction(button) {
    if (button.hasAttribute("data-gpulist-view-shared") && shared && shared.parsed) {
      G.store.view(shared.parsed.marks, shared.parsed.known);
      shared.phase = "viewing";
      G.refresh();
      showShared();
      document.querySelector("[data-gpulist-import-shared]").focus();
    } else if (button.hasAttribute("data-gpulist-import-shared") && shared && shared.parsed) {
      var incoming = shared.parsed;
      shared = null;
      G.store.view(null);
      G.files.mergeParsed(incoming).then(function (report) { leaveShared("Merged the shared progress: " + report); });
    } else if (button.hasAttribute("data-gpulist-leave-shared")) {
      leaveShared("");
    }
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("button");
    if (!target) return;
    if (target.hasAttribute("data-gpulist-share")) shareProgress(target);
    else if (target.classList.contains("gpulist-shared-button")) sharedAction(target);
  });

  window.addEventListener("hashchange", readLink);

  G.module("share", { late: function () { showShared(); readLink(); } });
})(window.gpulist);
