"""The catalog as readers see it, shared by the site and the exports.

Below both `gpulist.site` and `gpulist.export`, which stand side by side on it and never
import each other: the arrangement of the catalog (`catalog`: topics, sections, tags, the ✨
window), the guide's own words and emoji (`guide`), escaping for Markdown and HTML (`text`),
where an entry lives on the site (`links`), and the site's settings (`config`).
"""
