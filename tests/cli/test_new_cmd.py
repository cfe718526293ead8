"""`gpulist new` exit codes and messages: 2 for usage, 1 for a refusal, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.cli import main


def test_missing_flags_exit_2_naming_them(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "https://example.org/x", "--data", str(data)]) == 2
    assert "missing --topic" in capsys.readouterr().err


def test_duplicate_exits_1(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "https://arxiv.org/pdf/2307.08691", "--data", str(data)]) == 1
    assert "already listed as" in capsys.readouterr().err


def test_offline_writes_a_skeleton(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["new", "https://github.com/NVIDIA/cutlass", "--offline", "--topic", "compilers", "--tier", "2",
            "--tags", "cuda", "--data", str(data)]
    assert main(args) == 0
    assert (data / "resources/github-com-nvidia-cutlass.yml").exists()
    assert "placeholder" in capsys.readouterr().err


def test_network_down_is_a_warning_not_a_traceback(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["new", "https://arxiv.org/abs/2402.13499", "--topic", "fundamentals", "--tier", "2", "--data", str(data)]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "no metadata" in err and "Traceback" not in err
    assert (data / "resources/arxiv-2402-13499.yml").exists()
