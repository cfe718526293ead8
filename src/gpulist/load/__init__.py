"""From files to models: strict YAML reading, validation, and located problems."""

from gpulist.load.catalog import Catalog, Entry
from gpulist.load.loader import display_path, load_catalog, load_resource, resource_files
from gpulist.load.yaml_reader import Document, Marks, read_yaml

__all__ = [
    "Catalog", "Document", "Entry", "Marks", "display_path", "load_catalog", "load_resource", "read_yaml",
    "resource_files",
]
