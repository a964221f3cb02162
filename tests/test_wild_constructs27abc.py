"""Session 27 (burnfix27, issue #16): ``abc.ABCMeta.register`` followed, not guessed.

burn26 made every False ``isinstance`` / ``issubclass`` answer against an ``abc.ABCMeta`` class
unknown once a ``.register(`` appeared in the text read, and every class with a library base
whose metaclass is not modelled (a namedtuple subclass, a ``torch.Tensor`` subclass, a
transformers config) unknown too: exact counts became unknown and one a wrong count. Now
(interp/classtype.py ``registrations``) each ``register`` site in the class's package and the
files read is found in the tree: a top-level ``C.register(X)`` statement or a top-level class
decorated ``@C.register`` is what importing the module runs, so its receiver and argument are
evaluated there and ``X`` (and its subclasses) answer True exactly; a site that cannot be
followed (in a function, under a guard, an unknown receiver) whose receiver is or may be the
class or a subclass -- and a ``__subclasshook__`` there -- leaves the answer unknown. Sites on
other receivers (a singledispatch function, ``atexit``, a class's own ``register`` method, an
unrelated ABC) are not registrations of the class. The same reading answers ``isinstance(obj,
collections.abc.Sequence)`` and a ``match`` sequence pattern for a class registered on a
standard library ABC (CPython's own classes answer which ABCs are subclasses of which).
"""

from __future__ import annotations

import abc
import collections.abc

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import check_honest_unknown, torch_count, write_sized

pytest.importorskip("torch")


# --- CPython's semantics the rules rest on -------------------------------------------------


def test_cpython_register_gives_the_class_back() -> None:
    class Mixer(abc.ABC):  # noqa: B024
        pass

    @Mixer.register
    class Block:
        pass

    assert isinstance(Block, type) and isinstance(Block(), Mixer)
    assert Mixer.register(int) is int


def test_cpython_register_on_a_std_abc_subclass_counts_for_its_bases() -> None:
    class Dims:
        def __len__(self):
            return 2

        def __getitem__(self, i):
            return (3, 4)[i]

    class Other:
        pass

    collections.abc.MutableSequence.register(Dims)
    collections.abc.Mapping.register(Other)
    assert isinstance(Dims(), collections.abc.Sequence)
    assert not isinstance(Other(), collections.abc.Sequence)
    match Dims():
        case (a, b):
            assert (a, b) == (3, 4)
        case _:
            raise AssertionError("a registered Sequence matches a sequence pattern")


def test_cpython_a_subclass_hook_answers_for_its_base() -> None:
    class Base(abc.ABC):  # noqa: B024
        pass

    class Sub(Base):
        @classmethod
        def __subclasshook__(cls, sub):
            return True

    assert isinstance(3, Base)


# --- the analyzer, torch-built truth ---------------------------------------------------------

HEAD = """
import abc
import atexit
import collections.abc
import functools
import torch.nn as nn
"""

BODY = """

class M(nn.Module):
    def __init__(self):
        super().__init__()
        layers = []
        for p in [nn.Linear(8, 8), nn.GELU(), Block()]:
            layers.append(p)
            if isinstance(p, Mixer):
                layers.append(nn.LayerNorm(8))
        self.body = nn.Sequential(*layers)
"""

BLOCK = """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
"""


def _exact(tmp_path, code: str, want: int) -> None:
    path = write_sized(tmp_path, HEAD + code + BODY)
    g = parse_source(path, entry="M")
    assert g.params_total() == torch_count(path) == want, [str(n) for n in g.notes]


def _unknown(tmp_path, code: str, word: str) -> None:
    """Unknown, a note naming the undecided ``if isinstance(p, Mixer)`` (torch's count shown)."""
    path = write_sized(tmp_path, HEAD + code + BODY)
    g = parse_source(path, entry="M")
    assert g.params_total() is None, (g.params_total(), torch_count(path))
    assert any(word in str(n) for n in g.notes), [str(n) for n in g.notes]


# 72 + 72 (Linear(8, 8) twice) = 144 with no norm; each LayerNorm(8) adds 16
@pytest.mark.parametrize(
    "code, want",
    [
        # a decorator registers the class and binds it
        ("class Mixer(abc.ABC):\n    pass\n" + "\n\n@Mixer.register" + BLOCK, 144 + 16),
        # a top-level call, on a metaclass keyword class; the Linear and the Block register
        (
            "class Mixer(metaclass=abc.ABCMeta):\n    pass\n"
            + BLOCK
            + "\nMixer.register(nn.Linear)\nMixer.register(Block)\n",
            144 + 32,
        ),
        # registered on an unrelated ABC: the MRO decides (False)
        (
            "class Mixer(abc.ABC):\n    pass\n\n\nclass Other(abc.ABC):\n    pass\n"
            + BLOCK
            + "\nOther.register(nn.Linear)\nOther.register(Block)\n",
            144,
        ),
        # other ``register`` sites: a singledispatch function, atexit, a class's own method
        (
            "class Mixer(abc.ABC):\n    pass\n\n\nclass Reg(abc.ABC):\n"
            "    @classmethod\n    def register(cls, x):\n        return x\n"
            + BLOCK
            + "\n@functools.singledispatch\ndef f(x):\n    return 0\n\n\n"
            "@f.register(int)\ndef _(x):\n    return 1\n\n\n"
            "atexit.register(print)\nReg.register(nn.Linear)\n\n\n"
            "def later():\n    f.register(float, lambda x: 2)\n",
            144,
        ),
    ],
)
def test_registrations_followed_exactly(tmp_path, code, want) -> None:
    _exact(tmp_path, code, want)


@pytest.mark.parametrize(
    "code, word",
    [
        # a registration inside a function: not run at import (here it runs)
        (
            "class Mixer(abc.ABC):\n    pass\n"
            + BLOCK
            + "\n\ndef setup():\n    Mixer.register(nn.Linear)\n\n\nsetup()\n",
            "undecided condition",
        ),
        # a receiver the analyzer cannot evaluate
        (
            "class Mixer(abc.ABC):\n    pass\n"
            + BLOCK
            + "\n\ndef pick(x):\n    return x\n\n\nfor c in [Mixer]:\n    c.register(nn.Linear)\n",
            "undecided condition",
        ),
        # a subclass's ``__subclasshook__`` answers for its base too
        (
            "class Mixer(abc.ABC):\n    pass\n\n\nclass Sub(Mixer):\n"
            "    @classmethod\n    def __subclasshook__(cls, sub):\n        return True\n" + BLOCK,
            "undecided condition",
        ),
    ],
)
def test_registrations_not_followed_are_unknown(tmp_path, code, word) -> None:
    _unknown(tmp_path, code, word)


# --- standard library ABCs: isinstance and the match sequence pattern ------------------------

STD = """
import collections.abc
import torch.nn as nn


class Dims:
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (3, 4)[i]


{reg}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = Dims()
        self.a = nn.Linear(4, 4) if isinstance(d, collections.abc.{abc}) else nn.Identity()
"""


@pytest.mark.parametrize(
    "reg, abc_, want",
    [
        ("collections.abc.Sequence.register(Dims)", "Sequence", 20),
        ("collections.abc.MutableSequence.register(Dims)", "Sequence", 20),
        ("collections.abc.Mapping.register(Dims)", "Sequence", 0),
        ("collections.abc.Sequence.register(Dims)", "Mapping", 0),
        ("pass", "Sequence", 0),
    ],
)
def test_std_abc_registration(tmp_path, reg, abc_, want) -> None:
    path = write_sized(tmp_path, STD.format(reg=reg, abc=abc_))
    g = parse_source(path, entry="M")
    assert g.params_total() == torch_count(path) == want, [str(n) for n in g.notes]


MATCH = """
import collections.abc
import torch.nn as nn


class Dims:
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (3, 4)[i]


{reg}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        match Dims():
            case (a, b):
                self.a = nn.Linear(a, b)
            case _:
                self.a = nn.Identity()
"""


def test_match_sequence_pattern_on_a_registered_class_is_not_never(tmp_path) -> None:
    # torch: 16 (the pattern matches); the rule "never a sequence" gave 0
    path = write_sized(tmp_path, MATCH.format(reg="collections.abc.Sequence.register(Dims)"))
    assert torch_count(path) == 16
    check_honest_unknown(tmp_path, MATCH.format(reg="collections.abc.Sequence.register(Dims)"))


def test_match_sequence_pattern_on_an_unregistered_class_stays_exact(tmp_path) -> None:
    path = write_sized(tmp_path, MATCH.format(reg="pass"))
    assert parse_source(path, entry="M").params_total() == torch_count(path) == 0


def test_a_registered_abc_answers_through_its_own_registrations(tmp_path) -> None:
    # ``Mixer.register(Other)``: ``isinstance(p, Mixer)`` asks ``Other`` in turn (nothing is
    # registered there: False for every layer). CPython refuses a cycle (``Other.register(
    # Mixer)`` after it raises), so the analyzer's guard against one only stops a recursion.
    code = (
        "class Mixer(abc.ABC):\n    pass\n\n\nclass Other(abc.ABC):\n    pass\n"
        + BLOCK
        + "\nMixer.register(Other)\n"
    )
    _exact(tmp_path, code, 144)


def test_cpython_refuses_a_registration_cycle() -> None:
    class A(abc.ABC):  # noqa: B024
        pass

    class B(abc.ABC):  # noqa: B024
        pass

    A.register(B)
    with pytest.raises(RuntimeError):
        B.register(A)


DENY = """
import torch.nn as nn


class Meta(type):
    def __instancecheck__(cls, x):
        return False

    def __subclasscheck__(cls, sub):
        return False


class Base(metaclass=Meta):
    pass


class Sub(Base):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4) if {test} else nn.Identity()
"""


def test_cpython_a_metaclass_check_denies_a_real_subclass() -> None:
    class Meta(type):
        def __instancecheck__(cls, x):
            return False

        def __subclasscheck__(cls, sub):
            return False

    class Base(metaclass=Meta):
        pass

    class Sub(Base):
        pass

    assert not isinstance(Sub(), Base) and not issubclass(Sub, Base)
    assert isinstance(Base(), Base)  # an exact type match never asks the metaclass


@pytest.mark.parametrize("test", ["issubclass(Sub, Base)"])
def test_a_metaclass_check_makes_a_real_subclass_unknown(tmp_path, test) -> None:
    # torch: 0 (the check denies); the MRO alone said 20. Session 31 (wildfix31a):
    # ``type(Base).__subclasscheck__(Base, Sub)`` is run (was unknown), as isinstance's is
    path = write_sized(tmp_path, DENY.format(test=test))
    assert parse_source(path, entry="M").params_total() == torch_count(path) == 0


def test_a_metaclass_instancecheck_is_called(tmp_path) -> None:
    # session 28 (wrongs28): ``type(Base).__instancecheck__(Base, x)`` is run (was unknown)
    path = write_sized(tmp_path, DENY.format(test="isinstance(Sub(), Base)"))
    assert parse_source(path, entry="M").params_total() == torch_count(path) == 0
