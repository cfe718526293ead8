"""CLI tests share the contributing fixtures: a scratch catalog, and no way out to the internet."""

from tests.contribute.conftest import _offline, data, fake  # noqa: F401
