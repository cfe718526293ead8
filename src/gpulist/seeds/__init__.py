"""Importers for the seed material the catalog was founded from.

Seeds are messy extractions (a mojibake guide, scraped lists, an ebook index); each
module here reads one kind of seed once to draft data/. After that the YAML, reviewed and
edited by hand, is the source of truth. They stay in the package so the first import can
be reproduced and checked (tests assert the catalog still covers every entry of the guide
and that data/book-index.yml matches the parser's output).
"""
