"""Session 24 (wildfix24, issue #16): fresh22 (burned) -- a wrong count, tool failures, unknowns.

- ``object`` ends every linearisation (values/abstract.py ``_c3``): a mixin written
  ``class Recurrent(object)`` before ``nn.Sequential`` (pfrl's ``RecurrentSequential(Recurrent,
  nn.Sequential)``) put ``object`` before ``Sequential`` in the MRO, so ``object.__init__`` ran
  and the container counted 0 parameters (torch: every layer given).
"""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch

pytest.importorskip("torch")


# ------------------------------------------------------------------ object before a torch base
MIXIN = """
import torch.nn as nn


class Recurrent{mixin_bases}:
    {mixin_body}


class Seq({bases}):
    {seq_body}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Seq(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 5))
        self.head = nn.Linear(5, 2)
"""


@pytest.mark.parametrize(
    "mixin_bases, bases",
    [
        ("(object)", "Recurrent, nn.Sequential"),
        ("", "Recurrent, nn.Sequential"),
        ("(object)", "nn.Sequential, Recurrent"),
    ],
)
@pytest.mark.parametrize(
    "mixin_body, seq_body",
    [
        ("pass", "pass"),
        ("def forward(self, x, s):\n        raise NotImplementedError", "def forward(self, x, s):\n        return x, s"),
    ],
)
def test_object_mixin_before_a_torch_container_matches_torch(
    tmp_path, mixin_bases, bases, mixin_body, seq_body
) -> None:
    check_count_matches_torch(
        tmp_path,
        MIXIN.format(mixin_bases=mixin_bases, bases=bases, mixin_body=mixin_body, seq_body=seq_body),
    )


MIXIN_INIT = """
import torch.nn as nn


class Base(object):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.extra = nn.Linear(2, 2)


class Seq(Base, nn.Sequential):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Seq(nn.Linear(3, 4), nn.Linear(4, 5))
"""


def test_object_mixin_with_init_calls_on_to_the_container_matches_torch(tmp_path) -> None:
    # the mixin's own ``__init__`` runs first and its ``super().__init__`` reaches Sequential's
    check_count_matches_torch(tmp_path, MIXIN_INIT)
