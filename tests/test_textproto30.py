"""Session 30 (house30): one model of ``str`` / ``repr`` / ``format`` of instances of source classes.

Session 29 left two (numproto's ``text_obj`` / ``format_obj`` and textproto); interp/textproto.py
now holds both. Every construct either model answered stays answered (tests/test_wild_constructs29b
and 29c, the ``builtins.str`` row of tests/test_library.py); these tests pin where the merged model
now answers the same way for every entry point (``str()``, ``repr()``, ``format()``, f-strings and
their ``!r`` / ``!s``), each against torch building the file.
"""

from __future__ import annotations

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import check_count_matches_torch, torch_count, write_sized

pytest.importorskip("torch")

# a module (an "open" instance: torch's bases) with its own __repr__ / __format__: str(),
# repr(), format() and an f-string's !r / !s all run them, as CPython does
MODULE_TEXT = """
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.width = width

    def __repr__(self):
        return "b" * self.width

    def __format__(self, spec):
        return "w" * (self.width + len(spec))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        b = Block(3)
        self.a = nn.Linear(len(str(b)) + len(repr(b)), len(f"{b!r}|{b!s}"))
        self.b = nn.Linear(len(f"{b}") + len(f"{b:xy}"), len(format(b, "z")))
"""

# a tuple subclass with no text method of its own: object.__format__(x, "") is str(x), which
# is tuple.__repr__ of its items, through format() as through an f-string
TUPLE_FORMAT = """
import torch.nn as nn


class Pair(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = Pair(12, "ab")
        self.a = nn.Linear(len(format(p)), len(f"{p}") + len(repr(p)))
"""

# ``__format__`` bound to something that is no function: CPython raises TypeError at the
# f-string; the fallback the handler takes, or an honest unknown
FORMAT_NOT_A_FUNCTION = """
import torch.nn as nn


class Spec:
    __format__ = 4


try:
    WIDTH = len(f"{Spec()}")
except TypeError:
    WIDTH = 7


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, WIDTH)
"""

# ``__str__`` returning an int on a module: CPython's TypeError (the handler's 5), never the int
MODULE_BAD_STR = """
import torch.nn as nn


class Block(nn.Module):
    def __str__(self):
        return 9


try:
    WIDTH = len(str(Block()))
except TypeError:
    WIDTH = 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, WIDTH)
"""


def test_module_own_text_methods_everywhere(tmp_path) -> None:
    check_count_matches_torch(tmp_path, MODULE_TEXT)


def test_tuple_subclass_format_is_its_str(tmp_path) -> None:
    check_count_matches_torch(tmp_path, TUPLE_FORMAT)


@pytest.mark.parametrize("code", [FORMAT_NOT_A_FUNCTION, MODULE_BAD_STR])
def test_text_type_errors_never_a_wrong_count(tmp_path, code: str) -> None:
    path = write_sized(tmp_path, code)
    got = parse_source(path, entry="M").params_total()
    assert got in (None, torch_count(path)), got


# ``str()`` of an instance whose library base has its own ``__str__`` (``Exception``'s writes
# its arguments): never the class's own ``__repr__`` (numproto's rule answered 5 for torch's 40)
LIBRARY_STR = """
import torch.nn as nn


class Spec(Exception):
    def __repr__(self):
        return "r"


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, len(str(Spec("abcdefgh"))))
        self.b = nn.Linear(4, len(f"{Spec('abc')}"))
"""

# a source mixin after ``nn.Module`` in the MRO defining ``__str__``: found by Python past
# torch's class, which defines none; the model reads on or stays unknown, never the ``__repr__``
MIXIN_STR = """
import torch.nn as nn


class Named:
    def __str__(self):
        return "n" * 12


class Block(nn.Module, Named):
    def __repr__(self):
        return "b"


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, len(str(Block())))
"""


@pytest.mark.parametrize("code", [LIBRARY_STR, MIXIN_STR], ids=["exception", "mixin"])
def test_str_falls_back_to_repr_only_through_object(tmp_path, code: str) -> None:
    path = write_sized(tmp_path, code)
    got = parse_source(path, entry="M").params_total()
    assert got in (None, torch_count(path)), got


def test_torch_module_classes_inherit_objects_str_and_format() -> None:
    """The premise of textproto._inherits_object: no class of ``torch.nn`` that is a module
    (``nn.Module`` and every subclass torch defines) holds ``__str__`` or ``__format__`` in
    its MRO before ``object``, so ``str(m)`` is ``type(m).__repr__`` and ``format(m, "")``
    is ``str(m)``."""
    import inspect
    import sys

    import torch.nn as nn

    classes = {
        c
        for name, mod in list(sys.modules.items())
        if name.startswith("torch.nn")
        for c in vars(mod).values()
        if inspect.isclass(c) and issubclass(c, nn.Module) and c.__module__.startswith("torch.nn")
    }
    assert len(classes) > 100
    for c in classes:
        for b in c.__mro__[:-1]:
            assert "__str__" not in vars(b) and "__format__" not in vars(b), (c, b)
