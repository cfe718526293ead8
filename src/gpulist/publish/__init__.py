"""The published site: the site's pages and the exports together, built by a site engine.

Above `gpulist.site` and `gpulist.export`, which never import each other: this package
composes their output (resources.json among the pages, README.md beside the built site),
writes it, and runs the engine as a program.
"""
