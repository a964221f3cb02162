"""Session 30 (house30): one test of "a class body binds this special method" (interp/dunders.py).

Three copies had drifted apart: tuplesub's (``def`` and assignments), classproxy's (also an
annotated assignment with a value) and exprs' (``def`` only). exprs' copy decided an instance's
truth and ``==``: a class binding ``__len__ = _zero`` was read as truthy and its ``if`` branch
built (a confident wrong count, 520 for torch's 20). Each case is checked against torch.
"""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch

pytest.importorskip("torch")

# ``__len__`` bound by an assignment: Python calls it for the truth of the instance
LEN_ASSIGNED = """
import torch.nn as nn


def _zero(self):
    return 0


class Spec:
    __len__ = _zero


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        if Spec():
            self.b = nn.Linear(4, 100)
"""

# ``__bool__`` bound by an annotated assignment, on a tuple subclass holding items
BOOL_ANNOTATED = """
from typing import Callable

import torch.nn as nn


def _false(self):
    return False


class Pair(tuple):
    __bool__: Callable = _false

    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        if Pair(1, 2):
            self.b = nn.Linear(4, 100)
"""


@pytest.mark.parametrize("code", [LEN_ASSIGNED, BOOL_ANNOTATED], ids=["len_assign", "bool_ann"])
def test_special_method_bound_by_assignment(tmp_path, code: str) -> None:
    check_count_matches_torch(tmp_path, code)
