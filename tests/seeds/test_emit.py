"""Written YAML must read back to the same record and validate as a Resource."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from gpulist.load import load_resource
from gpulist.models import FIELD_ORDER
from gpulist.seeds.emit import MODELINE, dump_resource, scalar

RECORD = {
    "title": "FlashAttention-2: Faster Attention",
    "url": "https://arxiv.org/abs/2307.08691",
    "type": "paper",
    "topic": "attention",
    "tier": 1,
    "tags": ["flashattention", "cuda"],
    "authors": ["Dao, Tri", "no"],
    "year": 2023,
    "arxiv": "2307.08691",
    "notes": ["Better parallelism: work partitioning", "- not a nested list", "on"],
    "links": [{"title": "Code: GitHub", "url": "https://github.com/Dao-AILab/flash-attention"}],
    "added": dt.date(2025, 6, 1),
    "favorite": True,
}


@pytest.mark.parametrize("value", ["no", "yes", "on", "2307.08691", "1.0", "null", "a: b", "x #y", "[x]", "@me", ""])
def test_ambiguous_strings_are_quoted_and_read_back(value: str) -> None:
    assert yaml.safe_load(f"k: {scalar(value)}")["k"] == value


def test_plain_strings_stay_plain() -> None:
    assert scalar("Programming Massively Parallel Processors") == "Programming Massively Parallel Processors"


def test_record_round_trips_through_yaml() -> None:
    assert yaml.safe_load(dump_resource(RECORD)) == RECORD


def test_modeline_first_and_fields_in_order() -> None:
    lines = dump_resource(dict(reversed(RECORD.items()))).splitlines()
    assert lines[0] == MODELINE
    keys = [line.split(":")[0] for line in lines[1:] if line and not line.startswith(" ")]
    assert keys == [f for f in FIELD_ORDER if f in RECORD]


def test_unknown_field_is_refused() -> None:
    with pytest.raises(ValueError):
        dump_resource({**RECORD, "stars": 3})


def test_written_file_validates(tmp_path: Path) -> None:
    path = tmp_path / "flashattention-2.yml"
    path.write_text(dump_resource(RECORD), encoding="utf-8")
    problems: list = []
    entry = load_resource(path, problems)
    assert problems == []
    assert entry is not None and entry.resource.authors == ["Dao, Tri", "no"]
