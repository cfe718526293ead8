import gc

import pytest

from gpulist.memory import gc_paused


def test_collector_rests_inside_and_resumes_after() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_collector_resumes_after_an_error() -> None:
    with pytest.raises(RuntimeError), gc_paused():
        raise RuntimeError("boom")
    assert gc.isenabled()


def test_a_caller_that_had_the_collector_off_keeps_it_off() -> None:
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_objects_built_while_paused_are_not_scanned_again() -> None:
    before = gc.get_freeze_count()
    with gc_paused():
        built = [[i] for i in range(1000)]
    assert gc.get_freeze_count() >= before + len(built)
    gc.unfreeze()


def test_loading_pauses_the_collector(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gpulist.load import loader

    seen: list[bool] = []
    monkeypatch.setattr(loader, "_load", lambda root, limit: seen.append(gc.isenabled()) or ("catalog", []))
    assert loader.load_catalog(tmp_path) == ("catalog", [])
    assert seen == [False] and gc.isenabled()
