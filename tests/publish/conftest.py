"""The fixture catalog and site settings of tests/site, shared with these tests."""

from tests.site.conftest import catalog, config, view  # noqa: F401 - pytest fixtures
