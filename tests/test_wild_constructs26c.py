"""Session 26 (burn26, issue #16): fresh25's burned held-out confident wrong.

``isinstance(x, C)`` / ``issubclass(K, C)`` against a class read from source was answered from
the MROs alone. Python asks ``type(C).__instancecheck__`` / ``__subclasscheck__``: under
``abc.ABCMeta`` every class ``C.register(...)`` named (or one registered on a subclass of C) is
a virtual subclass, and ``__subclasshook__`` may answer either way, even False for a real
subclass; a metaclass read from source may define either check. ``Mixer.register(nn.Linear)``
then ``isinstance(p, Mixer)`` was False for every layer: the norms after the Mixers were
skipped, 2,376 where torch has 2,504 (a confident wrong count). Now a False answer against a
class whose metaclass has such a hook is unknown with a note naming the class and file:line;
a True answer by inheritance stays (``register`` only adds) unless a ``__subclasshook__`` is
defined in the class's MRO. Plain ``type`` classes keep their answers.
"""

from __future__ import annotations

import abc

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import check_count_matches_torch, torch_count, write_sized

pytest.importorskip("torch")


# --- CPython's semantics the rule rests on ------------------------------------------------


def test_cpython_register_makes_virtual_instances() -> None:
    class Mixer(metaclass=abc.ABCMeta):  # noqa: B024
        pass

    class Lin:
        pass

    assert not isinstance(Lin(), Mixer)
    Mixer.register(Lin)
    assert isinstance(Lin(), Mixer) and issubclass(Lin, Mixer)
    assert Lin not in Mixer.__mro__ and Mixer not in Lin.__mro__


def test_cpython_register_on_a_subclass_counts_for_the_base() -> None:
    class Base(abc.ABC):  # noqa: B024
        pass

    class Sub(Base):
        pass

    class Other:
        pass

    Sub.register(Other)
    assert isinstance(Other(), Base)


def test_cpython_subclasshook_can_deny_a_real_subclass() -> None:
    class Base(abc.ABC):  # noqa: B024
        @classmethod
        def __subclasshook__(cls, sub):
            return False

    class Sub(Base):
        pass

    assert not isinstance(Sub(), Base)


def test_cpython_metaclass_instancecheck() -> None:
    class Meta(type):
        def __instancecheck__(cls, x):
            return True

    class Any_(metaclass=Meta):
        pass

    assert isinstance(3, Any_)


# --- the analyzer ---------------------------------------------------------------------------

HEAD = """
from abc import ABC, ABCMeta
import torch.nn as nn
"""

REGISTER = (
    HEAD
    + """
class Mixer(metaclass=ABCMeta):
    pass


Mixer.register(nn.Linear)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        layers = []
        for p in [nn.Linear(8, 8), nn.GELU(), nn.Linear(8, 4)]:
            layers.append(p)
            if {test}:
                layers.append(nn.LayerNorm(8))
        self.body = nn.Sequential(*layers)
"""
)

SOURCE_REGISTER = (
    HEAD
    + """
class Iface(ABC):  # noqa: B024
    pass


class Sub(Iface):
    pass


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)


Sub.register(Block)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        b = Block()
        self.b = b
        self.extra = nn.Linear(4, 4) if isinstance(b, Iface) else nn.Identity()
"""
)

HOOK = (
    HEAD
    + """
class Iface(ABC):  # noqa: B024
    @classmethod
    def __subclasshook__(cls, sub):
        return False


class Block(Iface, nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        b = Block()
        self.b = b
        self.extra = nn.Linear(4, 4) if isinstance(b, Iface) else nn.Identity()
"""
)

META = (
    HEAD
    + """
class Meta(type):
    def __instancecheck__(cls, x):
        return True


class Anything(metaclass=Meta):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.extra = nn.Linear(4, 4) if isinstance(nn.GELU(), Anything) else nn.Identity()
"""
)


def _unknown_with_note(tmp_path, code: str, word: str) -> None:
    """Unknown, the note naming the undecided test's line (torch's count in the message)."""
    from tests.model_count_support import torch_count

    path = write_sized(tmp_path, code)
    g = parse_source(path, entry="M")
    assert g.params_total() is None, (g.params_total(), torch_count(path))
    assert any(word in str(n) for n in g.notes), [str(n) for n in g.notes]


@pytest.mark.parametrize(
    "test", ["isinstance(p, Mixer)", "issubclass(type(p), Mixer)", "isinstance(p, (Mixer,))"]
)
def test_register_of_a_torch_layer_is_followed(tmp_path, test) -> None:
    # session 27 (burnfix27): the top-level ``Mixer.register(nn.Linear)`` is read; torch: 140
    # (the MRO alone gave 108, burn26 unknown)
    path = write_sized(tmp_path, REGISTER.format(test=test))
    assert parse_source(path, entry="M").params_total() == torch_count(path) == 140


def test_register_on_a_subclass_is_followed(tmp_path) -> None:
    path = write_sized(tmp_path, SOURCE_REGISTER)
    assert parse_source(path, entry="M").params_total() == torch_count(path) == 40


def test_subclasshook_denying_a_real_subclass_is_unknown(tmp_path) -> None:
    _unknown_with_note(tmp_path, HOOK, "condition at line 22")


def test_metaclass_instancecheck_is_called(tmp_path) -> None:
    # session 28 (wrongs28): ``type(Mixer).__instancecheck__(Mixer, p)`` is run (was unknown)
    from tests.model_count_support import torch_count

    path = write_sized(tmp_path, META)
    assert parse_source(path, entry="M").params_total() == torch_count(path)


# --- answers that stay known (torch-built truth) --------------------------------------------

KNOWN = (
    HEAD
    + """
class Plain:
    pass


class Iface(ABC):  # noqa: B024
    pass


class Block(Iface, nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        b = Block()
        self.b = b
        self.x = nn.Linear(4, 4) if {test} else nn.Identity()
"""
)


@pytest.mark.parametrize(
    "test",
    [
        "isinstance(b, Iface)",  # a real subclass of an ABC with no hook: True
        "isinstance(b, Plain)",  # a plain class: False
        "not isinstance(nn.GELU(), Plain)",
        "issubclass(Block, Iface)",
        "isinstance(nn.GELU(), Iface)",  # an ABC no register() call names: the MRO decides
        "issubclass(nn.GELU, Iface)",
    ],
)
def test_known_answers_match_torch(tmp_path, test) -> None:
    check_count_matches_torch(tmp_path, KNOWN.format(test=test))


# --- a sibling: singledispatch on a class whose metaclass is named by keyword -----------------


def test_cpython_singledispatch_follows_register() -> None:
    import functools

    class Mixer(metaclass=abc.ABCMeta):  # noqa: B024
        pass

    class Block:
        pass

    Mixer.register(Block)

    @functools.singledispatch
    def width(x):
        return 0

    @width.register(Mixer)
    def _(x):
        return 1

    assert width(Block()) == 1


DISPATCH = (
    HEAD
    + """
import functools


class Mixer(metaclass=ABCMeta):
    pass


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)


Mixer.register(Block)


@functools.singledispatch
def extra(x):
    return nn.Identity()


@extra.register(Mixer)
def _(x):
    return nn.Linear(4, 4)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        b = Block()
        self.b = b
        self.extra = extra(b)
"""
)


def test_singledispatch_on_a_metaclass_keyword_class_is_unknown(tmp_path) -> None:
    # torch: 40 (the Mixer implementation runs); the MRO alone gave 20
    g = parse_source(write_sized(tmp_path, DISPATCH), entry="M")
    assert g.params_total() is None, g.params_total()


# --- a sibling: a class read from source deriving from a collections.abc / numbers ABC ---------

ABC_BASE = """
import collections.abc
import numbers
import typing
import torch.nn as nn


class Dims({base}):
    def __init__(self):
        self.d = [4, 4]

    def __getitem__(self, i):
        return self.d[i]

    def __len__(self):
        return 2

    def __setitem__(self, i, v):
        pass

    def __delitem__(self, i):
        pass

    def insert(self, i, v):
        pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = Dims()
        self.x = nn.Linear(4, 4) if isinstance(d, {t}) else nn.Identity()
"""


@pytest.mark.parametrize(
    "base, t",
    [
        ("collections.abc.Sequence", "collections.abc.Sequence"),  # was False: 0, torch 20
        ("typing.Sequence", "collections.abc.Sequence"),
        ("collections.abc.Sequence", "typing.Sequence"),
        ("object", "collections.abc.Sequence"),  # no base, no register: False
    ],
)
def test_abc_base_of_a_source_class_matches_torch(tmp_path, base, t) -> None:
    check_count_matches_torch(tmp_path, ABC_BASE.format(base=base, t=t))


def test_abc_subclass_base_is_unknown(tmp_path) -> None:
    # MutableSequence is a Sequence (torch: 20); the MRO read has no Sequence in it
    code = ABC_BASE.format(base="collections.abc.MutableSequence", t="collections.abc.Sequence")
    g = parse_source(write_sized(tmp_path, code), entry="M")
    assert g.params_total() is None, g.params_total()
