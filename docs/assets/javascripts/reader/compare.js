/*
 * gpulist reader, "Compare with your GPU" in every Measured section (see base.js for the modules).
 *
 *   [data-gpulist-measured="<lab>"]   gets a control: choose or drop a record file of that lab
 *   svg.gpulist-chart[data-gpulist-box][data-gpulist-x][data-gpulist-y][data-gpulist-units]
 *                                     the scales the build drew on (gpulist.site.chart.scale_attributes):
 *                                     the reader's points are drawn on the same mapping
 *   th[data-gpulist-series][data-gpulist-x]  a numbers-table row: the reader's value goes beside it
 *
 * The file is read in the browser and kept in localStorage ("gpulist-compare", one record per lab)
 * until "Clear my records"; nothing leaves the browser, no request is made. A record is JSON, the
 * same document labs/run.py writes as YAML (version 1, or "schema": 2): the labs' YAML dump uses
 * flow mappings and folded plain scalars, which no small strict reader covers, and no YAML parser
 * is vendored, so a .yml file is refused with a message saying so. A run bundle (.tar.gz) is
 * unpacked by bundle.js and its .json records taken one by one; its .yml records are not read. Every refusal names the file and
 * the reason, draws nothing from it, and leaves the rest of the page as it was: too large, not JSON,
 * another lab, another schema, a figure that is negative or no number, HTML or script in text, a
 * ceiling over its GPU's vendor peak (the block's data-gpulist-peaks, from data/gpus.yml).
 */
(function (G) {
  "use strict";

  var KEY = "gpulist-compare";
  var MAX_BYTES = 5 * 1024 * 1024;
  var MAX_POINTS = 2000;
  var SCALES = ["linear", "log2", "log10", "category"];
  var SVG = "http://www.w3.org/2000/svg";
  var MARKUP = /[<>]|javascript:|\bon[a-z]+\s*=/i; // a tag, a script address, an event handler

  function stored() {
    try {
      var all = JSON.parse(window.localStorage.getItem(KEY) || "{}");
      return all && typeof all === "object" && !Array.isArray(all) ? all : {};
    } catch (e) { return {}; }
  }

  function store(all) {
    try { window.localStorage.setItem(KEY, JSON.stringify(all)); return true; } catch (e) { return false; }
  }

  var TOOLS = '<label class="gpulist-compare-choose">Compare with your GPU: choose or drop a record ' +
    'file (.json, or a run bundle .tar.gz) <input type="file" accept=".json,.gz,.tgz,application/json,application/gzip" multiple class="gpulist-compare-file"></label> ' +
    '<button type="button" class="gpulist-compare-clear">Clear my records</button>' +
    '<div class="gpulist-compare-status" role="status" aria-live="polite"></div>';

  function addTools() {
    var hosts = document.querySelectorAll("[data-gpulist-compare-host]"); // the Labs page: a record of any lab
    for (var h = 0; h < hosts.length; h++) {
      if (!hosts[h].firstChild) { hosts[h].setAttribute("data-gpulist-compare", ""); hosts[h].innerHTML = TOOLS; }
    }
    var blocks = document.querySelectorAll("[data-gpulist-measured]");
    for (var i = 0; i < blocks.length; i++) {
      var block = blocks[i];
      if (!block.querySelector("[data-gpulist-compare]")) {
        var box = document.createElement("div");
        box.className = "gpulist-compare";
        box.setAttribute("data-gpulist-compare", "");
        box.innerHTML = TOOLS;
        var about = block.querySelector("p");
        block.insertBefore(box, about ? about.nextSibling : block.firstChild);
      }
      draw(block);
    }
  }

  /* Why a value is refused, or "": a number that is negative or no number, a text with markup. */
  function badValue(value, where) {
    if (typeof value === "number") return isFinite(value) && value >= 0 ? "" : "a figure that is negative or not a number (" + where + ")";
    if (typeof value === "string") return MARKUP.test(value) ? "HTML or script in a text field (" + where + ")" : "";
    if (value === null || typeof value === "boolean") return "";
    var keys = Object.keys(value);
    for (var i = 0; i < keys.length; i++) {
      if (MARKUP.test(keys[i])) return "HTML or script in a field's name (" + where + ")";
      var found = badValue(value[keys[i]], where + "." + keys[i]);
      if (found) return found;
    }
    return "";
  }

  function badSeries(s) {
    if (!s || typeof s !== "object" || !G.validId(s.id) || SCALES.indexOf(s.scale) === -1) return "a series without an id or scale";
    if (!s.x || !s.y || typeof s.x.unit !== "string" || typeof s.y.unit !== "string") return "a series without its units";
    if (!Array.isArray(s.points) || !s.points.length || s.points.length > MAX_POINTS) return "a series without points, or too many";
    for (var i = 0; i < s.points.length; i++) {
      var p = s.points[i];
      if (!p || typeof p.y !== "number" || (typeof p.x !== "number" && typeof p.x !== "string")) return "a point without x and y";
    }
    return "";
  }

  /* Why the record's ceilings claim more than its GPU's vendor peak (the build's figures, 3% over as
     the measurement-peak check allows), or "". */
  function overPeak(data, peaks) {
    var mine = peaks && G.has.call(peaks, data.gpu) ? peaks[data.gpu] : {};
    var ceilings = Array.isArray(data.ceilings) ? data.ceilings : [];
    for (var i = 0; i < ceilings.length; i++) {
      var c = ceilings[i] || {}, peak = G.has.call(mine, c.metric) ? mine[c.metric] : null;
      if (peak !== null && typeof c.value === "number" && c.value > peak * 1.03) {
        return "it claims " + c.value + " for " + c.metric + ", more than the " + data.gpu + "'s peak of " + peak;
      }
    }
    return "";
  }

  /* A record of `lab` as the chart needs it, or {error} saying why it is refused. */
  function parseRecord(data, labs, peaks) {
    if (!data || typeof data !== "object" || Array.isArray(data) || !Array.isArray(data.series)) return { error: "it is not a lab record" };
    if (data.schema !== undefined && data.schema !== 2) return { error: "it is a record of schema " + JSON.stringify(data.schema).slice(0, 20) + ", which this list does not read" };
    if (labs.indexOf(data.lab) === -1) return { error: "it is a record of another lab, not " + labs.join(" or ") };
    if (!G.validId(data.gpu)) return { error: "it names no GPU" };
    var bad = badValue(data, "record");
    if (bad) return { error: "it holds " + bad };
    for (var i = 0; i < data.series.length; i++) {
      var why = badSeries(data.series[i]);
      if (why) return { error: "it holds " + why };
    }
    var over = overPeak(data, peaks);
    if (over) return { error: over };
    var name = data.conditions && typeof data.conditions.gpu_name === "string" ? data.conditions.gpu_name.slice(0, 80) : data.gpu;
    return { record: { gpu: data.gpu, name: name, series: data.series.map(function (s) {
      return { id: s.id, scale: s.scale, units: [s.scale, s.x.unit, s.y.unit].join(" "),
        points: s.points.map(function (p) { return [p.x, p.y]; }) };
    }) } };
  }

  function say(box, file, text, refused) {
    var item = document.createElement("p");
    item.textContent = file + ": " + text;
    if (refused) item.setAttribute("data-gpulist-refused", "");
    box.querySelector(".gpulist-compare-status").appendChild(item);
  }

  /* The labs a record chosen in `box` may be of, and where their peaks are written: the block's own
     lab, or on the Labs page every lab. */
  function readFile(block, box, file) {
    if (file.size > MAX_BYTES) return Promise.resolve(say(box, file.name, "refused: it is over 5 MB.", true));
    if (/\.(tar\.gz|tgz)$/i.test(file.name)) return readBundle(block, box, file);
    if (/\.ya?ml$/i.test(file.name)) return Promise.resolve(say(box, file.name, "refused: YAML records are not read here yet; choose the record as JSON.", true));
    if (!/\.json$/i.test(file.name)) return Promise.resolve(say(box, file.name, "refused: it is not a .json record file.", true));
    return file.text().then(function (text) { take(block, box, file.name, text); });
  }

  /* A bundle's .json records, each taken as a file of its own; the bundle refused whole if unsafe. */
  function readBundle(block, box, file) {
    return G.bundle.read(file).then(function (got) {
      if (got.error) return say(box, file.name, "refused: " + got.error + ".", true);
      var records = got.files.filter(function (f) { return /\.json$/i.test(f.name) && !/(^|\/)run\.json$/.test(f.name); });
      if (!records.length) return say(box, file.name, "refused: it holds no .json record (YAML records are not read here yet).", true);
      records.forEach(function (f) { take(block, box, file.name + " › " + f.name, f.text); });
    });
  }

  /* A record's text, from a file or a bundle: drawn and kept, or refused with `name` and the reason. */
  function take(block, box, name, text) {
    var labs = block ? [block.getAttribute("data-gpulist-measured")] : (box.getAttribute("data-gpulist-labs") || "").split(" ");
    var data, peaks;
    try { data = JSON.parse(text); } catch (e) { return say(box, name, "refused: it is not valid JSON.", true); }
    try { peaks = JSON.parse((block || box).getAttribute("data-gpulist-peaks") || "{}"); } catch (e) { peaks = {}; }
    var parsed = parseRecord(data, labs, peaks);
    if (parsed.error) return say(box, name, "refused: " + parsed.error + ".", true);
    var all = stored();
    all[data.lab] = parsed.record;
    if (!store(all)) return say(box, name, "your browser would not keep it: nothing was added.", true);
    if (block) draw(block);
    say(box, name, (block ? "drawn as yours (" : "kept as yours, drawn in the " + data.lab + " lab's Measured sections (") +
      parsed.record.name + "), kept in this browser until cleared.", false);
  }

  function readFiles(input, files) {
    var block = input.closest("[data-gpulist-measured]"), box = input.closest("[data-gpulist-compare]");
    box.querySelector(".gpulist-compare-status").textContent = "";
    var chain = Promise.resolve();
    Array.prototype.forEach.call(files, function (file) { chain = chain.then(function () { return readFile(block, box, file); }); });
    return chain;
  }

  /* Where a value sits on an axis the build wrote as "<kind> <low> <high>" between two positions. */
  function place(value, axis, from, to) {
    var kind = axis[0], low = +axis[1], high = +axis[2];
    var t = kind === "log2" ? Math.log2(value) : kind === "log10" ? Math.log10(Math.max(value, Math.pow(10, low))) : value;
    var at = from + (t - low) / ((high - low) || 1) * (to - from);
    return Math.min(Math.max(at, Math.min(from, to)), Math.max(from, to)); // off the axis: at its end
  }

  function xOf(x, axis, box) {
    if (axis[0] !== "category") return typeof x === "number" && (axis[0] === "lin" || x > 0) ? place(x, axis, box[0], box[1]) : null;
    var names = axis.slice(1).map(function (n) { return n.replace(/%20/g, " "); });
    var k = names.indexOf(String(x)), band = (box[1] - box[0]) / names.length;
    return k === -1 ? null : box[0] + band * (k + 0.5);
  }

  function svgNode(name, attrs) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function drawChart(svg, record) {
    var units = (svg.getAttribute("data-gpulist-units") || "").replace(/%20/g, " ");
    var box = svg.getAttribute("data-gpulist-box").split(" ").map(Number);
    var xAxis = svg.getAttribute("data-gpulist-x").split(" "), yAxis = svg.getAttribute("data-gpulist-y").split(" ");
    var group = svgNode("g", { "class": "gpulist-chart-yours", "data-gpulist-yours": record.gpu });
    record.series.filter(function (s) { return s.units === units; }).forEach(function (s) {
      var at = s.points.map(function (p) {
        var x = xOf(p[0], xAxis, box);
        return x === null ? null : [x, place(p[1], yAxis, box[3], box[2])];
      }).filter(Boolean).sort(function (a, b) { return a[0] - b[0]; });
      if (xAxis[0] !== "category") group.appendChild(svgNode("polyline", { points: at.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" ") }));
      at.forEach(function (p) {
        group.appendChild(svgNode("path", { d: "M" + p[0].toFixed(1) + " " + (p[1] - 6).toFixed(1) + "l6 6l-6 6l-6-6z" }));
      });
    });
    if (!group.childNodes.length) return;
    svg.appendChild(group);
    var legend = svg.parentNode.querySelector(".gpulist-chart-legend");
    if (legend) {
      var item = document.createElement("li");
      item.setAttribute("data-gpulist-yours", "");
      item.innerHTML = '<span class="gpulist-chart-key gpulist-chart-yours-key" aria-hidden="true"></span>';
      item.appendChild(document.createTextNode("Yours: " + record.name + " (hollow diamonds, dash-dot line)"));
      legend.appendChild(item);
    }
  }

  function shown(value) {
    return value.toLocaleString("en", { maximumSignificantDigits: 4 });
  }

  function drawTables(block, record) {
    record.series.forEach(function (s) {
      var rows = block.querySelectorAll('th[data-gpulist-series="' + s.id + '"]');
      var tables = [];
      Array.prototype.forEach.call(rows, function (th) {
        var raw = th.getAttribute("data-gpulist-x"), mine = s.points.filter(function (p) {
          return typeof p[0] === "number" ? p[0] === parseFloat(raw) : p[0] === raw;
        })[0];
        var cell = document.createElement("td");
        cell.setAttribute("data-gpulist-yours", "");
        cell.textContent = mine ? shown(mine[1]) : "—";
        th.parentNode.appendChild(cell);
        var table = th.closest("table");
        if (tables.indexOf(table) === -1) tables.push(table);
      });
      tables.forEach(function (table) {
        var head = document.createElement("th");
        head.scope = "col";
        head.setAttribute("data-gpulist-yours", "");
        head.textContent = "Yours: " + record.name;
        table.querySelector("thead tr").appendChild(head);
      });
    });
  }

  /* The block's charts and tables as the build made them, then the reader's stored record on them. */
  function draw(block) {
    Array.prototype.forEach.call(block.querySelectorAll("[data-gpulist-yours]"), function (n) { n.remove(); });
    var record = stored()[block.getAttribute("data-gpulist-measured")];
    if (!record || !Array.isArray(record.series)) return;
    Array.prototype.forEach.call(block.querySelectorAll("svg.gpulist-chart[data-gpulist-box]"), function (svg) { drawChart(svg, record); });
    drawTables(block, record);
  }

  function clearAll(button) {
    try { window.localStorage.removeItem(KEY); } catch (e) { /* nothing stored */ }
    Array.prototype.forEach.call(document.querySelectorAll("[data-gpulist-measured]"), draw);
    var box = button.closest("[data-gpulist-compare]");
    box.querySelector(".gpulist-compare-status").textContent = "";
    say(box, "Your records", "cleared from this browser.", false);
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.classList || !input.classList.contains("gpulist-compare-file")) return;
    readFiles(input, input.files).then(function () { input.value = ""; });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.gpulist-compare-clear");
    if (button) clearAll(button);
  });

  document.addEventListener("dragover", function (event) {
    if (event.target.closest && event.target.closest("[data-gpulist-compare]")) event.preventDefault();
  });

  document.addEventListener("drop", function (event) {
    var box = event.target.closest && event.target.closest("[data-gpulist-compare]");
    if (!box || !event.dataTransfer) return;
    event.preventDefault();
    readFiles(box.querySelector(".gpulist-compare-file"), event.dataTransfer.files);
  });

  G.compare = { parseRecord: parseRecord };
  G.module("compare", { late: addTools });
})(window.gpulist);
