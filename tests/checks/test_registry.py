"""Every check module is run by `gpulist validate`: a rule that is written but not registered checks nothing."""

from __future__ import annotations

import importlib
import pkgutil

import gpulist.checks
from gpulist.checks import ADVICE_CHECKS, ALL_CHECKS


def _check_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(gpulist.checks.__path__) if not m.name.startswith("_"))


def test_every_check_module_is_registered_once() -> None:
    registered = sorted(check.__module__.rsplit(".", 1)[1] for check in (*ALL_CHECKS, *ADVICE_CHECKS))
    assert registered == _check_modules()


def test_rule_ids_are_unique_kebab_case() -> None:
    rules = [importlib.import_module(f"gpulist.checks.{name}").RULE for name in _check_modules()]
    assert len(set(rules)) == len(rules)
    assert all(rule == rule.lower() and " " not in rule for rule in rules)
