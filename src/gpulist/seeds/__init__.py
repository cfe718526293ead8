"""Turning the seed material in /work/shared/seeds-style text dumps into clean data.

Seeds are messy extractions (ebook indexes, scraped lists); each module here reads one
kind of seed once, so that the result can be reviewed and committed under data/.
"""
