"""From files to models: strict YAML reading, validation, and located problems.

A new data file (data/watch.yml, data/paths.yml...) is read with `read_document(path,
problems, max_bytes)` (or `read_yaml_file`), never with open() or Path.read_text(): they
go through `gpulist.files.read_guarded`, which refuses links, FIFOs, devices and files over
`[tool.gpulist.files] max_bytes` (`gpulist.pyproject.size_limit()`) as located problems.
"""

from gpulist.load.catalog import Catalog, Entry, Record
from gpulist.load.loader import display_path, load_catalog, load_resource, read_document, resource_files
from gpulist.load.yaml_reader import Document, Marks, read_yaml, read_yaml_file

__all__ = [
    "Catalog", "Document", "Entry", "Record", "Marks", "display_path", "load_catalog", "load_resource", "read_document",
    "read_yaml", "read_yaml_file", "resource_files",
]
