"""grading.cheats: each way to fool the timer that the source shows is refused, with its line,
and ordinary Triton solutions are not."""

from __future__ import annotations

import pytest

from grading import cheats

HEAD = "import torch\nimport triton\nimport triton.language as tl\n"


def rules(body: str, forbidden: tuple[str, ...] = ()) -> set[str]:
    return {f.rule for f in cheats.inspect_source(HEAD + body, forbidden)}


@pytest.mark.parametrize("body, rule", [
    ("import time\ntime.perf_counter = lambda: 0.0\ndef solution(x):\n    return x\n", "patch"),
    ("torch.cuda.synchronize = lambda: None\ndef solution(x):\n    return x\n", "patch"),
    ("def solution(x):\n    torch.cuda.Event.elapsed_time = None\n    return x\n", "patch"),
    ("del torch.cuda.Event\ndef solution(x):\n    return x\n", "patch"),
    ("def solution(x):\n    setattr(torch.cuda, 'synchronize', print)\n    return x\n", "dynamic"),
    ("def solution(x):\n    return eval('x')\n", "dynamic"),
    ("def solution(x):\n    return open('answer.pt').read()\n", "dynamic"),
    ("import threading\ndef solution(x):\n    return x\n", "import"),
    ("from concurrent.futures import ThreadPoolExecutor\ndef solution(x):\n    return x\n", "import"),
    ("from . import reference\ndef solution(x):\n    return x\n", "import"),
    ("import flash_attn\ndef solution(x):\n    return x\n", "library"),
    ("def solution(x):\n    s = torch.cuda.Stream()\n    return x\n", "stream"),
    ("def solution(x):\n    with torch.cuda.stream(None):\n        return x\n", "stream"),
    ("_done = {}\ndef solution(x):\n    return _done.setdefault(x.shape, x)\n", "cache"),
    ("_done = []\ndef solution(x):\n    _done.append(x)\n    return x\n", "cache"),
    ("last = None\ndef solution(x):\n    global last\n    last = x\n    return x\n", "cache"),
    ("def solution(x, memo={}):\n    return x\n", "cache"),
    ("import functools\n@functools.lru_cache\ndef solution(x):\n    return x\n", "cache"),
    ("def solution(x):\n    solution.kept = x\n    return x\n", "cache"),
    ("def solution(x):\n    return torch.softmax(x, -1)\n", "forbidden"),
    ("import torch.nn.functional as F\ndef solution(x):\n    return F.softmax(x, -1)\n", "forbidden"),
    ("from torch import softmax\ndef solution(x):\n    return softmax(x, -1)\n", "forbidden"),
    ("def solution(x):\n    return x.softmax(-1)\n", "forbidden"),
    ("def solution(a, b):\n    return a @ b\n", "forbidden"),
    ("def solution(x):\n    return reference(x)\n", "reference"),
    ("def solve(x):\n    return x\n", "entry"),
    ("def solution(x:\n", "syntax"),
])
def test_each_pattern_is_refused(body, rule):
    assert rule in rules(body, ("torch.softmax", "Tensor.softmax", "@"))


def test_a_finding_names_its_line_and_rule():
    found = cheats.inspect_source(HEAD + "def solution(x):\n    torch.cuda.synchronize = None\n    return x\n")
    assert [(f.line, f.rule) for f in found] == [(5, "patch")]
    assert found[0].says("mine.py").startswith("mine.py:5: changes torch.cuda.synchronize")


def test_ordinary_solutions_pass():
    body = ('@triton.jit\ndef _k(x_ptr, n, BLOCK: tl.constexpr):\n    offs = tl.arange(0, BLOCK)\n'
            '    tl.store(x_ptr + offs, tl.sum(tl.load(x_ptr + offs), axis=0))\n'
            'CONFIGS = [triton.Config({"BLOCK": 128})]\n'
            'def solution(x):\n    y = torch.empty_like(x)\n    y.grad = None\n    acc = []\n    acc.append(1)\n'
            '    _k[(1,)](y, x.numel(), BLOCK=128)\n    return y\n')
    assert rules(body, ("torch.sum", "Tensor.sum", "@")) == set()


def test_a_tensor_method_inside_a_triton_kernel_is_tritons_own():
    kernel = ('@triton.jit\ndef _k(x_ptr, y_ptr, BLOCK: tl.constexpr):\n    x = tl.load(x_ptr + tl.arange(0, BLOCK))\n'
              '    tl.store(y_ptr, x.sum(axis=0))\n')
    assert rules(kernel + "def solution(x):\n    return x\n", ("Tensor.sum",)) == set()
    assert rules(kernel + "def solution(x):\n    return x.sum()\n", ("Tensor.sum",)) == {"forbidden"}
