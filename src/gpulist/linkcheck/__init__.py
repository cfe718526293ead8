"""The link checker: tells broken links from links we merely cannot reach, politely and fast.

One module per job: inputs (where URLs come from), changed (pull-request selection),
guard (SSRF), politeness, retry, fetch (one URL, HEAD then GET, redirects), classify,
cache and state (memory between runs), formats (reports) and runner (the whole run).
"""

import sys
import types

# httpx's package __init__ imports its own command-line client (click, rich.console,
# pygments) just to expose `httpx.main`, which we never call: that was 40% of
# check-links' start-up, paid again by every pull-request run. When httpx is not loaded
# yet, we let it find a stand-in instead; its `main` says what happened if anyone calls it.
if "httpx" not in sys.modules and "httpx._main" not in sys.modules:
    _stub = types.ModuleType("httpx._main")

    def _main() -> None:  # pragma: no cover - only for someone calling httpx.main() in our process
        raise SystemExit("httpx's command-line client is not loaded inside gpulist; run `httpx` itself")

    _stub.main = _main  # type: ignore[attr-defined]
    sys.modules["httpx._main"] = _stub
