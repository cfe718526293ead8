"""The link checker: tells broken links from links we merely cannot reach, politely and fast.

One module per job: inputs (where URLs come from), changed (pull-request selection),
guard (SSRF), politeness, retry, fetch (one URL, HEAD then GET, redirects), classify,
cache and state (memory between runs), formats (reports) and runner (the whole run).
"""
