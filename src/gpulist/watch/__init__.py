"""`gpulist watch`: follow the sources the list trusts and propose what is new.

Sources are data/watch.yml plus blog entries with a `feed`. Each run fetches them
(conditionally, politely, through the link checker's transport and SSRF guard), parses
them with feedparser, and keeps the items that are newer than the last read of their
source, not already listed (by `gpulist.identity`) and not proposed before. What it
remembers between runs lives in one state file.

    sources -> fetch -> parse -> candidates -> report
               state  <-------------------'
"""
