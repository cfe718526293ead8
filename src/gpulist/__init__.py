"""gpulist: the GPU performance engineering reading list, kept as validated data."""

__version__ = "0.1.0"
