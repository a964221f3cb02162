"""Session 26 (wildfix26b, issue #16): fresh25's dev part -- two confident wrong counts.

- A torch.nn base's own ancestors order the MRO (values/abstract.py ``_torch_ordered``):
  ``class LSTM(RNN, nn.LSTM)`` with ``class RNN(ABC, nn.RNNBase)`` (pytorch-forecasting's
  zero-length-safe RNNs) is ``LSTM, RNN, ABC, nn.LSTM, nn.RNNBase`` in Python; with every
  library base a leaf, ``RNNBase`` came before ``nn.LSTM``. And ``abc.ABC`` / ``typing.Generic``
  define no ``__init__`` (interp/objmodel.py ``_OWN_NAMES``): the lookup reads on along the
  MRO, where it stopped at ``ABC`` and ran nothing -- the LSTM counted 0, a confident wrong
  count (471 where torch has 9,207).
"""

from __future__ import annotations

import abc
import typing

import pytest

from driftcheck.parsers.source.interp.objmodel import _OWN_NAMES
from tests.model_count_support import check_count_matches_torch, check_honest_unknown

pytest.importorskip("torch")


def test_own_names_are_cpythons() -> None:
    for qual, names in _OWN_NAMES.items():
        mod, _, name = qual.rpartition(".")
        cls = {"abc": abc, "typing": typing}[mod].__dict__[name]
        assert set(vars(cls)) == set(names), qual


MRO = """
from abc import ABC
from typing import Generic, TypeVar
import torch.nn as nn
from torch.nn.modules.rnn import RNNBase

T = TypeVar("T")

{classes}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = {build}
"""


@pytest.mark.parametrize(
    "classes, build",
    [
        (
            "class RNN(ABC, nn.RNNBase):\n    def extra(self):\n        return 1\n\n\n"
            "class L(RNN, nn.LSTM):\n    pass",
            "L(input_size=15, hidden_size=24, num_layers=2, batch_first=True)",
        ),
        ("class RNN(ABC):\n    pass\n\n\nclass L(RNN, nn.GRU):\n    pass", "L(5, 7)"),
        ("class RNN(nn.RNNBase):\n    pass\n\n\nclass L(RNN, nn.LSTM):\n    pass", "L(5, 7)"),
        (
            "class A(nn.Module):\n    def f(self):\n        return 0\n\n\nclass L(A, nn.LSTM):\n    pass",
            "L(5, 7)",
        ),
        ("class L(Generic[T], nn.GRU):\n    pass", "L(5, 7, num_layers=2)"),
        ("class R(RNNBase):\n    pass\n\n\nclass L(R, nn.GRU):\n    pass", "L(5, 7, num_layers=2)"),
        ("class R(ABC, nn.Linear):\n    pass", "R(4, 6)"),
    ],
)
def test_torch_base_order_and_empty_bases_match_torch(tmp_path, classes, build) -> None:
    check_count_matches_torch(tmp_path, MRO.format(classes=classes, build=build))


def test_rnnbase_without_mode_stays_unknown(tmp_path) -> None:
    # ``RNNBase.__init__`` needs a mode: torch raises; never a count
    check_honest_unknown(
        tmp_path,
        MRO.format(
            classes="class R(ABC, RNNBase):\n    pass", build="R(input_size=5, hidden_size=7)"
        ),
    )
