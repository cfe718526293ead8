"""What a page can tell us about itself, from the source that knows it best.

Each source module turns one kind of URL into `Metadata`. None of them raises for a
network or format failure: they return a skeleton carrying the URL and the reason, and
`gpulist new` still writes an entry the contributor can finish by hand.
"""

from gpulist.contribute.metadata.base import Metadata
from gpulist.contribute.metadata.dispatch import fetch_metadata, infer_type

__all__ = ["Metadata", "fetch_metadata", "infer_type"]
