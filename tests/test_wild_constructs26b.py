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

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.interp.objmodel import _OWN_NAMES
from tests.model_count_support import check_count_matches_torch, check_honest_unknown, torch_count

pytest.importorskip("torch")


def test_own_names_are_cpythons() -> None:
    # asked of a fresh interpreter: on Python <= 3.13 any earlier read of
    # ``abc.ABC.__annotations__`` in this process (``getattr(base, "__annotations__", {})``
    # over an MRO, as some libraries do) stores an empty dict in the class (CI, session 26)
    import json
    import subprocess
    import sys

    code = (
        "import abc, json, typing\n"
        f"quals = {sorted(_OWN_NAMES)!r}\n"
        "mods = {'abc': abc, 'typing': typing}\n"
        "print(json.dumps({q: sorted(vars(mods[q.rpartition('.')[0]].__dict__["
        "q.rpartition('.')[2]])) for q in quals}))\n"
    )
    got = json.loads(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
    )
    for qual, names in _OWN_NAMES.items():
        assert set(got[qual]) == set(names), qual


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


def test_abc_before_torch_base_with_super_init_matches_torch(tmp_path) -> None:
    # ``super().__init__(4, 6)`` from ``class R(ABC, nn.Linear)``: ABC has no __init__
    check_count_matches_torch(
        tmp_path,
        MRO.format(
            classes="class R(ABC, nn.Linear):\n    def __init__(self):\n        super().__init__(4, 6)",
            build="R()",
        ),
    )


@pytest.mark.parametrize(
    "classes, build",
    [
        ("class L(contextlib.ContextDecorator, nn.Linear):\n    pass", "L(4, 6)"),
        (
            "class L(contextlib.ContextDecorator, nn.Linear):\n    def __init__(self):\n"
            "        super().__init__(4, 6)",
            "L()",
        ),
    ],
)
def test_unmodelled_library_init_before_torch_base_is_unknown(tmp_path, classes, build) -> None:
    # the library base's __init__ decides whether torch's runs: never a count of 0
    check_honest_unknown(tmp_path, "import contextlib\n" + MRO.format(classes=classes, build=build))


def test_rnnbase_without_mode_stays_unknown(tmp_path) -> None:
    # ``RNNBase.__init__`` needs a mode: torch raises; never a count
    check_honest_unknown(
        tmp_path,
        MRO.format(
            classes="class R(ABC, RNNBase):\n    pass", build="R(input_size=5, hidden_size=7)"
        ),
    )


# ------------------------------------------------------------------ in-place methods handed out
# A method that changes a list / dict / set in place handed to code we neither read nor model
# (interp/objmodel.py ``handed_mutators``): that code may call it, so the container is unknown.
# fresh25's ``stack.callback(layers.append, conv)`` inside an ``ExitStack``: the layer appended
# at the stack's exit was dropped, a confident 1,120 where torch has 1,154.
HANDED = """
import contextlib
import functools
import torch.nn as nn

{pre}
layers = [nn.Linear(2, 2)]
{stmt}
model = nn.Sequential(*layers)
"""


@pytest.mark.parametrize(
    "pre, stmt",
    [
        ("import somelib_nowhere", "somelib_nowhere.register(layers.append, nn.Linear(2, 3))"),
        ("", "contextlib.ExitStack().callback(layers.extend, [nn.Linear(2, 3)])"),
        ("from somelib_nowhere import run", "run(fn=layers.insert)"),
        (  # (``atexit.register`` runs it at exit, after the model: tests/test_wild_constructs35w.py)
            "import somelib_nowhere",
            "somelib_nowhere.register(functools.partial(functools.partial(layers.append), nn.Linear(2, 3)))",
        ),
    ],
)
def test_in_place_method_handed_to_unfollowed_code_is_unknown(tmp_path, pre, stmt) -> None:
    path = tmp_path / "model.py"
    path.write_text(HANDED.format(pre=pre, stmt=stmt))
    g = parse_source(path)
    assert g.params_total() is None, g.params_total()
    assert any("handed to" in str(n) for n in g.notes), [str(n) for n in g.notes]


@pytest.mark.parametrize(
    "stmt",
    [
        # modelled callees still run the method: exact
        "list(map(layers.append, [nn.Linear(2, 3)]))",
        # an ExitStack runs its callbacks at its own with's exit (session 27, library/stdlib.py)
        "with contextlib.ExitStack() as stack:\n    stack.callback(layers.append, nn.Linear(2, 3))",
        "functools.partial(layers.append, nn.Linear(2, 3))()",
        # a method that does not change the list, handed out: the list is unchanged
        "sorted([3, 1], key=layers.index if False else None)",
        "contextlib.ExitStack().callback(layers.copy)",
    ],
)
def test_followed_or_harmless_handing_stays_exact(tmp_path, stmt) -> None:
    path = tmp_path / "model.py"
    path.write_text(HANDED.format(pre="", stmt=stmt))
    g = parse_source(path)
    assert g.params_total() == torch_count(path, root="model"), [str(n) for n in g.notes]


# ------------------------------------------------------------------ TypedDict, methodcaller
TYPED = """
import operator
from typing import TypedDict

import torch.nn as nn
import typing_extensions


class Opt(typing_extensions.TypedDict, total=False):
    bi: bool


class Cfg(Opt):
    vocab: int
    emb: int


class M(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Cfg({"vocab": 40}, emb=6, bi=True)
        self.emb = nn.Embedding(cfg["vocab"], cfg["emb"])
        self.rnn = nn.GRU(cfg["emb"], 5, bidirectional=cfg.get("bi", False))
        self.head = nn.Sequential(nn.Linear(3, 4), nn.Linear(4, 2))
        operator.methodcaller("requires_grad_", False)(self.head[0])
        self.extra = nn.Linear(*map(operator.methodcaller("count", "a"), ["aab", "aaaa"]))
"""


def test_typed_dict_call_is_a_dict_and_methodcaller_match_torch(tmp_path) -> None:
    check_count_matches_torch(tmp_path, TYPED)
