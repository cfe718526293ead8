/*
 * gpulist concept map: follow a concept's chain on the map of the concepts index.
 *
 * Contract with `gpulist build` (src/gpulist/site/concept_map.py), which writes data, never controls:
 *   [data-gpulist-map]                        the figure; gets data-gpulist-highlighting while a chain is lit
 *   [data-gpulist-map-node="<id>"]            a concept's link, with data-gpulist-requires="<id> <id>…"
 *                                             (what it requires on the map); gets
 *                                             data-gpulist-highlight = before | self | after
 *   [data-gpulist-edge="<from> <to>"]         an edge of the drawing (.gpulist-map-edges); the lit
 *                                             chain's edges are copied, with data-gpulist-highlight,
 *                                             onto the overlay .gpulist-map-lit above it
 *   [data-gpulist-map-hint]                   the "scroll sideways" line: hidden when the map fits
 *   [data-gpulist-chain-form] select          a menu, filled here with the concepts (ids) when first reached:
 *                                             choosing one lights its chain and lists in [data-gpulist-chain]
 *                                             (in [data-gpulist-chain-box]) its prerequisites, foundations first
 *
 * Pointing at a node, or focusing it (Tab), lights up exactly its prerequisites, theirs and so
 * on back to the foundations ("before"), and everything that requires it, directly or not
 * ("after"); the stylesheet dims the rest. Leaving the map, or Escape, clears it. A tap (touch)
 * on a node chooses it as the menu does, and a second tap on it opens its page. The page
 * scrolling under a still pointer moves nothing: only a pointer that moved re-aims the light. Without
 * JavaScript the map is a set of plain links. reader.js shades the same nodes by progress
 * (data-gpulist-state): the two never touch each other's attributes.
 *
 * Instant navigation (Material's and Zensical's) swaps pages without a reload and announces
 * each on `document$`; `bind` runs for every page. Events are delegated to the document once.
 */
(function () {
  "use strict";

  var map = null; // the current page's map: {figure, nodes, requires, unlocks, edges}
  var lit = []; // elements that carry data-gpulist-highlight now
  var hovered = null; // the node the pointer is over
  var dismissed = null; // the node under the pointer when Escape cleared it: not lit until the pointer leaves it
  var unfocused = null; // the focused node when Escape cleared it: not lit again until focus moves
  var at = null; // where the pointer last moved: a hover event there is the page scrolling under it, not the reader
  var touched = false; // the press on the node now clicked was a touch
  var chosen = null; // the node whose chain the menu or a tap chose

  function read(figure) {
    var nodes = {};
    var requires = {};
    var unlocks = {};
    var list = figure.querySelectorAll("[data-gpulist-map-node]");
    for (var i = 0; i < list.length; i++) {
      var id = list[i].getAttribute("data-gpulist-map-node");
      nodes[id] = list[i];
      requires[id] = words(list[i].getAttribute("data-gpulist-requires"));
      if (!unlocks[id]) unlocks[id] = [];
    }
    for (var node in requires) {
      for (var j = 0; j < requires[node].length; j++) {
        var before = requires[node][j];
        (unlocks[before] = unlocks[before] || []).push(node);
      }
    }
    var edgeList = [];
    var paths = figure.querySelectorAll(".gpulist-map-edges [data-gpulist-edge]");
    for (var k = 0; k < paths.length; k++) {
      var ends = paths[k].getAttribute("data-gpulist-edge").split(" ");
      edgeList.push({ from: ends[0], to: ends[1], path: paths[k] });
    }
    var overlay = figure.querySelector(".gpulist-map-lit");
    return { figure: figure, nodes: nodes, requires: requires, unlocks: unlocks, edgeList: edgeList, overlay: overlay };
  }

  function words(text) {
    return text ? text.split(/\s+/).filter(Boolean) : [];
  }

  /* Every node reachable from `start` along `next` (requires, or unlocks), `start` excluded. */
  function reach(start, next) {
    var seen = {};
    var stack = (next[start] || []).slice();
    while (stack.length) {
      var id = stack.pop();
      if (seen[id]) continue;
      seen[id] = true;
      var more = next[id] || [];
      for (var i = 0; i < more.length; i++) if (!seen[more[i]]) stack.push(more[i]);
    }
    return seen;
  }

  /* Leaving the chain: its nodes unmarked, its edges taken off the overlay, the rest undimmed. */
  function clear() {
    unmark();
    if (map) map.figure.removeAttribute("data-gpulist-highlighting");
  }

  function unmark() {
    for (var i = 0; i < lit.length; i++) lit[i].removeAttribute("data-gpulist-highlight");
    lit = [];
    if (map && map.overlay) map.overlay.replaceChildren();
  }

  /* Only the chain's own nodes change, and the figure's attribute only when a chain first
     lights up: moving from node to node restyles two chains, never the whole map, which at
     1,000 concepts is what kept a chain from lighting within 50 ms. The chain's edges are
     copies drawn on an overlay above the drawing, which the stylesheet fades as one element. */
  function light(id) {
    unmark();
    if (!map || !map.nodes[id]) { clear(); return; }
    var side = {};
    side[id] = "self";
    var before = reach(id, map.requires);
    var after = reach(id, map.unlocks);
    mark(map.nodes[id], "self");
    for (var b in before) { mark(map.nodes[b], "before"); side[b] = "before"; }
    for (var a in after) { mark(map.nodes[a], "after"); side[a] = "after"; }
    var copies = [];
    for (var i = 0; i < map.edgeList.length; i++) {
      var edge = map.edgeList[i];
      var from = side[edge.from];
      var to = side[edge.to];
      // on the chain behind it (before or self at both ends), or ahead of it (self or after)
      if (from && to && (from !== "after" && to !== "after" || from !== "before" && to !== "before")) {
        var copy = edge.path.cloneNode(false);
        copy.setAttribute("data-gpulist-highlight", "on");
        copies.push(copy);
      }
    }
    if (map.overlay) map.overlay.replaceChildren.apply(map.overlay, copies);
    if (!map.figure.hasAttribute("data-gpulist-highlighting")) map.figure.setAttribute("data-gpulist-highlighting", "");
  }

  function mark(element, value) {
    if (!element) return;
    element.setAttribute("data-gpulist-highlight", value);
    lit.push(element);
  }

  function nodeOf(target) {
    var node = target && target.closest ? target.closest("[data-gpulist-map-node]") : null;
    return node && map && map.figure.contains(node) ? node.getAttribute("data-gpulist-map-node") : null;
  }

  function focused() {
    return nodeOf(document.activeElement);
  }

  /* The chosen concept's prerequisites, each after those it requires (a depth-first walk that
     lists a concept once all it requires is listed), then the concept: a path one can follow. */
  function ordered(id) {
    var done = {}, out = [];
    (function visit(node) {
      if (done[node]) return;
      done[node] = true;
      var before = map.requires[node] || [];
      for (var i = 0; i < before.length; i++) visit(before[i]);
      out.push(node);
    })(id);
    return out;
  }

  /* The menu's concepts, A to Z, from the map's own nodes: added when the menu is first reached. */
  function fill(select) {
    if (!select || !map || select.options.length > 1) return;
    var ids = Object.keys(map.nodes).sort(function (a, b) {
      return window.gpulist.collate(map.nodes[a].textContent, map.nodes[b].textContent);
    });
    ids.forEach(function (id) { select.add(new Option(map.nodes[id].textContent, id)); });
  }

  function onReach(event) { if (event.target.closest && event.target.closest("[data-gpulist-chain-form]")) fill(event.target); }

  function choose(id) {
    var box = map && map.figure.querySelector("[data-gpulist-chain-box]");
    var select = map && map.figure.querySelector("[data-gpulist-chain-form] select");
    fill(select);
    chosen = id && map.nodes[id] ? id : null;
    if (select && select.value !== (chosen || "")) select.value = chosen || "";
    if (!box) return;
    box.hidden = !chosen;
    if (!chosen) { clear(); return; }
    light(chosen);
    var steps = ordered(chosen), title = map.nodes[chosen].textContent;
    box.querySelector("p").textContent = steps.length > 1 ? "Before " + title + ", in this order:" :
      title + " needs no other concept of this list first.";
    var list = box.querySelector("[data-gpulist-chain]");
    list.replaceChildren.apply(list, steps.map(function (step) {
      var item = document.createElement("li"), link = document.createElement("a");
      link.href = map.nodes[step].href;
      link.textContent = map.nodes[step].textContent;
      if (step === chosen) link.setAttribute("aria-current", "true");
      item.appendChild(link);
      return item;
    }));
  }

  function onChange(event) {
    if (map && event.target.closest && event.target.closest("[data-gpulist-chain-form]")) choose(event.target.value);
  }

  /* A tap on a node chooses it; a second tap on the chosen node follows its link. */
  function onClick(event) {
    var id = nodeOf(event.target), tap = touched;
    touched = false;
    if (!id || !tap || id === chosen) return;
    event.preventDefault();
    event.stopPropagation(); // before the theme's instant navigation, which listens on the document too
    choose(id);
  }

  /* A hover event the page's scrolling made under a pointer that did not move: a pointer that
     moves sends its hover events (before its mousemove) where it now is, not where it was. */
  function scrolledUnder(event) {
    return at !== null && event.clientX === at[0] && event.clientY === at[1];
  }

  function onOver(event) {
    if (scrolledUnder(event)) return;
    var id = nodeOf(event.target);
    if (!id || id === hovered) return;
    hovered = id;
    if (id === dismissed) return;
    dismissed = null;
    light(id);
  }

  function onOut(event) {
    if (!map || !hovered || scrolledUnder(event)) return;
    var to = event.relatedTarget;
    if (to && map.figure.contains(to) && nodeOf(to) === hovered) return;
    hovered = null;
    var id = nodeOf(to);
    if (id) return; // onOver lights the next node
    dismissed = null;
    var keep = focused() || chosen;
    if (keep && keep !== unfocused) light(keep); else clear();
  }

  /* The first move after a scroll: the node lit before it may no longer be under the pointer,
     and a move within one element (the map's veil) sends no hover event to say so. */
  function onMove(event) {
    at = [event.clientX, event.clientY];
    if (!map || !hovered || nodeOf(event.target) === hovered) return;
    var id = nodeOf(event.target), keep = focused() || chosen;
    hovered = id;
    if (id) light(id); else if (keep && keep !== unfocused) light(keep); else clear();
  }

  function onFocus(event) {
    var id = nodeOf(event.target);
    if (id) { dismissed = unfocused = null; light(id); }
  }

  function onBlur(event) {
    if (!map || nodeOf(event.relatedTarget)) return;
    if (hovered && hovered !== dismissed) light(hovered); else if (chosen) light(chosen); else clear();
  }

  function onKey(event) {
    if (event.key !== "Escape" || !map || !map.figure.hasAttribute("data-gpulist-highlighting")) return;
    dismissed = hovered;
    unfocused = focused();
    clear();
  }

  /* The "scroll sideways" line is only true when the map is wider than its column. */
  function fit() {
    if (!map) return;
    var hint = map.figure.querySelector("[data-gpulist-map-hint]");
    var scroll = map.figure.querySelector(".gpulist-map-scroll");
    if (hint && scroll) hint.hidden = scroll.scrollWidth <= scroll.clientWidth + 1;
  }

  var listening = false;

  function listen() {
    if (listening) return;
    listening = true;
    document.addEventListener("mouseover", onOver);
    document.addEventListener("mouseout", onOut);
    document.addEventListener("focusin", onFocus);
    document.addEventListener("focusout", onBlur);
    document.addEventListener("keydown", onKey);
    document.addEventListener("change", onChange);
    document.addEventListener("pointerdown", onReach, true);
    document.addEventListener("focusin", onReach, true);
    document.addEventListener("click", onClick, true);
    document.addEventListener("pointerdown", function (event) { touched = event.pointerType !== "mouse"; }, true);
    document.addEventListener("mousemove", onMove, { passive: true });
    window.addEventListener("resize", fit);
  }

  function bind() {
    lit = [];
    hovered = dismissed = unfocused = chosen = null;
    var figure = document.querySelector("[data-gpulist-map]");
    map = figure ? read(figure) : null;
    if (!map) return;
    listen();
    fit();
    document.documentElement.setAttribute("data-gpulist-concept-map", "bound");
  }

  window.gpulist.everyPage(bind); // reader/base.js, loaded before this script
})();
