"""The site: pure functions from the catalog to Markdown pages, and one writer.

The engine that builds them (Zensical or MkDocs) runs as a program: see gpulist.publish.

Layout of docs/ after `gpulist build` (everything but docs/assets/ is generated and git-ignored):

    index.md            home: one line, your next step, the paths; topics, recent, favourites, legend
    start-here.md       a chooser: the paths, then each topic's first reads        (not searched)
    topics/index.md     the topics, each with its one-liner                   (not searched)
    topics/<id>.md      one per topic; H2 per tier/group (#tier_1, #group_<id>);
                        each entry an H3 whose anchor is its id (#flashattention-2)
    concepts/index.md   the concept map and the concepts A–Z                  (not searched)
    concepts/<id>/index.md  one per concept (served at concepts/<id>/): names, linked definition, local map, prerequisites, reads,
                        what it unlocks                                       (searched)
    book/index.md       the book's index, each term linked to its concept    (not searched)
    paths/index.md      the reading paths, with their length, effort and progress (not searched)
    paths/<id>.md       one per reading path                                   (not searched)
    recent.md           recently added                                        (not searched)
    gpus.md             the GPU numbers table, the measured ceilings beside the vendor's peaks, and every
                        number's source (with data/gpus.yml)
    labs/index.md       the labs (data/labs.yml): what each shows, its concepts, the GPUs with results
    practice/index.md   the practice problems (data/practice.yml), by concept, each with its command
    all-resources.md    the table container, with a note for readers without JS (not searched)
    resources.json      the catalog; shape in gpulist.export.resources_json
    concepts.json       the vocabulary as a graph; shape in gpulist.export.concepts_json
    reader-data.json    what the reader's scripts plan next steps from; shape in gpulist.site.progress_data
    feed.xml            Atom feed of the newest entries
    llms.txt            the site for language models (llmstxt.org): topics, concepts, paths
    assets/             committed: stylesheets/gpulist.css, javascripts/resources-table.js,
                        javascripts/reader/ (the reader's modules: see gpulist.site.reader) and
                        concept-map.js (its contract: gpulist.site.concept_map)

`gpulist build` then adds README.md (the list in the guide's own format), gpulist.bib and
the redirect pages of the old tag addresses (tags/<id>/ -> concepts/<id>/) to the built site
itself, beside the engine's output: any .md file in docs/ would become a page.

Contract for the All-resources table script (docs/assets/javascripts/resources-table.js,
loaded on every page through mkdocs.yml `extra_javascript`):

- all-resources.md contains `<div id="gpulist-table" data-src="../resources.json">`, whose
  children are a note for readers without JavaScript, linking every topic page.
  The script finds `#gpulist-table` (absent on other pages: do nothing there), fetches
  `data-src` relative to the page URL, and replaces the children with the interactive table.
- resources.json is version 1 of the shape in `gpulist.export.resources_json`; each
  resource's `page` (e.g. `topics/attention/#flashattention-2`) is relative to the site
  root, which is `new URL("..", location)` seen from all-resources/.
- With `navigation.instant`, pages are swapped without a reload: subscribe to the theme's
  `document$` observable (Material's and Zensical's both have it) rather than DOMContentLoaded.
"""
