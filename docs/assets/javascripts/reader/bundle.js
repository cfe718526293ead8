/*
 * gpulist reader, run bundles for "Compare with your GPU" (compare.js): a .tar.gz that labs/run.py
 * writes (labs/harness/bundle.py), unpacked in the browser with DecompressionStream("gzip") and a
 * minimal ustar reader, as defensively as bundle.py reads one: only regular files and folders, no
 * link, no name that leaves the bundle's folder, at most MAX_FILES files and MAX_BYTES unpacked.
 * Nothing is written anywhere: the files are texts in memory, handed to compare.js.
 */
(function (G) {
  "use strict";

  var MAX_FILES = 200;
  var MAX_BYTES = 16 * 1024 * 1024;
  var BLOCK = 512;

  function text(bytes, from, length) {
    var end = from;
    while (end < from + length && bytes[end] !== 0) end++;
    return new TextDecoder().decode(bytes.subarray(from, end));
  }

  function outside(name) {
    var parts = name.split("/");
    return name.charAt(0) === "/" || parts.indexOf("..") !== -1 || /^[a-z]:/i.test(name) || name.indexOf("\\") !== -1;
  }

  /* The archive's files as [{name, text}], or {error} saying why the bundle is refused. */
  function members(bytes) {
    var found = [], at = 0, total = 0;
    while (at + BLOCK <= bytes.length) {
      if (bytes[at] === 0) break; // the end: a zero block
      var name = text(bytes, at, 100), prefix = text(bytes, at + 345, 155), type = String.fromCharCode(bytes[at + 156] || 48);
      var size = parseInt(text(bytes, at + 124, 12).trim() || "0", 8);
      if (prefix) name = prefix + "/" + name;
      if (!isFinite(size) || size < 0) return { error: "it is not a tar archive" };
      if (outside(name)) return { error: name + " would unpack outside the bundle's folder" };
      if (type === "1" || type === "2") return { error: "it holds a link (" + name + ")" };
      if (type !== "0" && type !== "5" && type !== "\0") return { error: "it holds " + name + ", which is not a plain file" };
      total += size;
      if (total > MAX_BYTES) return { error: "it unpacks to more than 16 MB" };
      if (type !== "5") {
        found.push({ name: name, text: new TextDecoder().decode(bytes.subarray(at + BLOCK, at + BLOCK + size)) });
        if (found.length > MAX_FILES) return { error: "it holds more than " + MAX_FILES + " files" };
      }
      at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
    return { files: found };
  }

  function read(file) {
    if (typeof DecompressionStream === "undefined") return Promise.resolve({ error: "this browser cannot unpack archives" });
    var stream = file.stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return members(new Uint8Array(buffer));
    }, function () { return { error: "it is not a gzip archive" }; });
  }

  G.bundle = { read: read, members: members };
})(window.gpulist);
