"""The network-down rule shared by check-links and watch."""

from gpulist.linkcheck.network import NETWORK_DOWN, network_down


def test_down_only_when_something_was_tried_and_nothing_answered() -> None:
    assert network_down([False, False]) is True
    assert network_down([False, True, False]) is False
    assert network_down([]) is False  # nothing to fetch is not an outage
    assert network_down(iter([False])) is True
    assert NETWORK_DOWN == 3
