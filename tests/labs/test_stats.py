"""harness.stats: the statistics every point keeps and the rule that decides when to stop sampling."""

from __future__ import annotations

import random

import pytest

from harness import stats


def test_median_is_robust_to_one_slow_run():
    assert stats.median([1.0, 1.1, 0.9, 50.0, 1.0]) == 1.0
    with pytest.raises(ValueError):
        stats.median([])


def test_quartiles_and_relative_spread_by_hand():
    values = [1.0, 2.0, 3.0, 4.0, 5.0]
    assert stats.quartiles(values) == (2.0, 4.0)
    assert stats.relative_spread(values) == pytest.approx(2.0 / 3.0)
    assert stats.quartiles([7.0]) == (7.0, 7.0) and stats.relative_spread([7.0]) == 0.0


def test_run_spread_is_range_over_median():
    assert stats.run_spread([100.0, 102.0, 98.0]) == pytest.approx(0.04)
    assert stats.run_spread([5.0]) == 0.0


def _sample_until_done(rule: stats.StoppingRule, draw) -> list[float]:
    samples: list[float] = []
    while not rule.done(samples):
        samples += [draw() for _ in range(rule.next_batch(samples))]
    return samples


def test_a_quiet_point_stops_after_the_minimum():
    rule = stats.StoppingRule(min_samples=10, max_samples=200, min_ms=5.0, max_ms=1000.0, target_spread=0.02)
    rng = random.Random(1)
    samples = _sample_until_done(rule, lambda: 1.0 + rng.uniform(-0.001, 0.001))
    assert rule.min_samples <= len(samples) <= 60 and stats.relative_spread(samples) <= 0.02


def test_a_noisy_point_stops_at_its_time_limit_with_the_spread_it_reached():
    rule = stats.StoppingRule(min_samples=10, max_samples=10_000, min_ms=5.0, max_ms=100.0, target_spread=0.02)
    rng = random.Random(2)
    samples = _sample_until_done(rule, lambda: rng.uniform(0.5, 1.5))
    assert 95.0 <= sum(samples) <= 160.0 and stats.relative_spread(samples) > 0.02


def test_a_tiny_kernel_stops_at_the_sample_limit():
    rule = stats.StoppingRule(min_samples=10, max_samples=200, min_ms=25.0, max_ms=1500.0, target_spread=0.02)
    samples = _sample_until_done(rule, lambda: 0.001)
    assert len(samples) == 200


def test_minimum_time_is_met_before_stopping_on_spread():
    rule = stats.StoppingRule(min_samples=3, max_samples=1000, min_ms=50.0, max_ms=1000.0, target_spread=0.5)
    samples = _sample_until_done(rule, lambda: 2.0)
    assert sum(samples) >= 50.0


def test_sample_rates_invert_the_quartiles():
    s = stats.Sample.of([1.0, 2.0, 4.0])
    rate, low, high = s.rate(1000.0)
    assert rate == pytest.approx(1000.0 / 2e-3) and low < rate < high
    assert s.spread == pytest.approx((s.q3_ms - s.q1_ms) / s.ms)
