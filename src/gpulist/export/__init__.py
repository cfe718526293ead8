"""Exports of the catalog for readers and tools: resources.json and the list as a README."""
