// Placeholder for the All-resources table script (written on the site-ui branch).
// It intentionally does nothing: without it, all-resources/ shows its plain no-JS table.
// Contract: see the docstring of src/gpulist/site/__init__.py.
