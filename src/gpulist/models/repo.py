"""Repository health, fetched by `gpulist enrich` into data/generated/repos.yml.

Nobody edits that file by hand; it lets the site show stars and activity and lets
`gpulist validate` warn about archived or abandoned code entries.
"""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from gpulist.models.fields import Strict


class RepoHealth(Strict):
    stars: int = Field(ge=0)
    archived: bool
    pushed_at: dt.datetime | None = Field(default=None, description="Last push to any branch.")
    license: str | None = Field(default=None, description="SPDX id, when GitHub knows it.")
    fetched_at: dt.datetime = Field(description="When these figures were fetched.")


class RepoHealthFile(Strict):
    """Keys are `owner/repo`, lowercase, as `gpulist.identity.github_repo` spells them."""

    repos: dict[str, RepoHealth] = {}
