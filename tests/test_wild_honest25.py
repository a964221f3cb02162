"""Session 25 (wildfix25, issue #16): honest unknowns where the library falls back.

``super().name(...)`` whose next class is a library class (``nn.Module``, a torch layer,
``object``...) and which the interpreter did not model was "a call returning None"
(library/machine.py ``ext_method``): a definite value. Now torch's own result where torch fixes
it (``train`` / ``eval`` / ``requires_grad_`` return the module, ``get_submodule`` the module,
``__delattr__`` drops what it names, ``zero_grad`` returns None), an unknown naming the method
otherwise (library/basemethods.py). A torch layer's ``reset_parameters()`` returns None (it
returned the layer). Every count is torch's (``check_count_matches_torch``) or, where it
depends on a result not modelled, an honest unknown; each case was a confident wrong before.
"""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch, check_honest_unknown

pytest.importorskip("torch")

SELF_RETURNING = """
import torch.nn as nn


class Frozen(nn.{base}):
    def {method}(self, *args, **kwargs):
        return super().{method}(*args, **kwargs)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Frozen({args}).{method}({call})
        self.b = nn.Linear(4, 2)
"""


@pytest.mark.parametrize(
    "base, args",
    [("Linear", "3, 4"), ("Module", ""), ("Conv1d", "2, 4, 3")],
)
@pytest.mark.parametrize(
    "method, call",
    [
        ("train", "False"),
        ("eval", ""),
        ("requires_grad_", "False"),
        ("double", ""),
        ("float", ""),
    ],
)
def test_super_method_returning_the_module_matches_torch(tmp_path, base, args, method, call):
    # was None: ``self.a`` dropped the layer (an undercount stated as certain)
    check_count_matches_torch(
        tmp_path, SELF_RETURNING.format(base=base, args=args, method=method, call=call)
    )


def test_super_apply_returns_the_module_and_runs_fn(tmp_path):
    check_count_matches_torch(
        tmp_path,
        """
import torch.nn as nn


def drop_bias(m):
    if isinstance(m, nn.Linear):
        m.bias = None


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 4)

    def apply(self, fn):
        return super().apply(fn)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Net().apply(drop_bias)
""",
    )


NONE_TESTED = """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 4)

    def {method}(self, *args, **kwargs):
        return super().{method}(*args, **kwargs)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Net()
        got = self.net.{method}({call})
        if got is None:
            self.extra = nn.Linear(10, 10)
"""


@pytest.mark.parametrize(
    "method, call",
    # (``named_buffers`` is modelled since session 26: torch's count, tests/test_wild_constructs26)
    [("state_dict", ""), ("extra_repr", ""), ("forward", "1")],
)
def test_super_method_not_modelled_is_unknown_not_none(tmp_path, method, call):
    # torch: the result is never None (a dict, a string, a generator; ``forward`` raises
    # NotImplementedError, caught nowhere) -- it was None, so ``extra`` was counted for certain
    check_honest_unknown(tmp_path, NONE_TESTED.format(method=method, call=call))


@pytest.mark.parametrize("method", ["zero_grad", "__init_subclass__"])
def test_super_method_returning_none_stays_none(tmp_path, method):
    # torch's ``zero_grad`` and Python's ``object.__init_subclass__`` return None: ``extra``
    # is built in torch too
    check_count_matches_torch(tmp_path, NONE_TESTED.format(method=method, call=""))


def test_object_method_not_modelled_is_unknown(tmp_path):
    # ``object.__sizeof__`` returns an int (torch builds no ``extra``); it was None
    check_honest_unknown(
        tmp_path,
        """
import torch.nn as nn


class Base:
    def describe(self):
        return super().__sizeof__()


class M(Base, nn.Module):
    def __init__(self):
        super().__init__()
        if self.describe() is None:
            self.extra = nn.Linear(10, 10)
        self.a = nn.Linear(2, 2)
""",
    )


def test_super_get_submodule_is_the_module(tmp_path):
    check_count_matches_torch(
        tmp_path,
        """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 3)

    def get_submodule(self, target):
        return super().get_submodule(target)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Net()
        if self.net.get_submodule("a") is not None:
            self.head = nn.Linear(3, 1)
""",
    )


@pytest.mark.parametrize("key", ['"b"', '"a"'])
def test_super_delattr_drops_the_layer(tmp_path, key):
    check_count_matches_torch(
        tmp_path,
        f"""
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 3)
        self.b = nn.Linear(3, 3)

    def __delattr__(self, name):
        super().__delattr__(name)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Net()
        self.net.__delattr__({key})
""",
    )


def test_layer_reset_parameters_returns_none(tmp_path):
    # torch's ``reset_parameters`` returns None; it was read as the layer, so ``y`` was the
    # same Linear shared (counted once) where torch builds a second one
    check_count_matches_torch(
        tmp_path,
        """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.x = nn.Linear(2, 3)
        r = self.x.reset_parameters()
        self.y = r if r is not None else nn.Linear(5, 5)
""",
    )


def test_super_reset_parameters_of_a_layer_returns_none(tmp_path):
    check_count_matches_torch(
        tmp_path,
        """
import torch.nn as nn


class Lin(nn.Linear):
    def reset_parameters(self):
        return super().reset_parameters()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.x = Lin(2, 3)
        if self.x.reset_parameters() is None:
            self.y = nn.Linear(5, 5)
""",
    )


# ------------------------------------------------------------------ forward: a module list's key
# (forward/dataflow_ops.py ``module_item``): an unknown key into a list of identical blocks was
# read as one block whatever it was; a slice of unknown bounds (``self.blocks[slice(0, k)]``,
# ``self.blocks[:k]``) then ran one block where torch runs k, a false blocker. Only a key known
# to be a number is read as one block now (``int(v)`` is a number whatever ``v``).
_BLOCKS = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Conv2d(4, 4, 3, stride=2, padding=1) for _ in range(3)])
        self.head = nn.Linear({flat}, 10)

    def forward(self, x):
        k = int(x.new_ones(1).sum().item()) + 1
        h = self.blocks[{key}](x)
        return self.head(h.flatten(1))
"""
MODLIST: dict[str, tuple[str, tuple[int, ...], str]] = {}
for _name, _key, _flat in (
    ("slicebuiltin_ok", "slice(0, k)", 64),  # two blocks in torch (16 -> 8 -> 4)
    ("slicebuiltin_stop_ok", "slice(k)", 64),
    ("slicesyntax_ok", "0:k", 64),
    ("index_num", "k - 1", 64),  # one block: 4 * 8 * 8 features, torch raises
    ("index_num_ok", "k - 1", 256),
):
    MODLIST[_name] = (_BLOCKS.format(key=_key, flat=_flat), (2, 4, 16, 16), "float")
_HEAD = "import torch\nimport torch.nn as nn\n\n"


@pytest.mark.parametrize("name", sorted(MODLIST))
def test_module_list_key_blocker_iff_torch_crash(name, tmp_path, capsys):
    from tests.crash_rule_support import check_blocker_iff_crash

    check_blocker_iff_crash(MODLIST, _HEAD, name, tmp_path, capsys)


def test_module_list_slice_of_unknown_bounds_is_silent(tmp_path, capsys):
    # torch raises here (two blocks give 64 features, the head wants 256): how many blocks
    # run is not known statically, so no verdict either way (an honest unknown)
    from tests.crash_rule_support import blockers, torch_crashes, write

    models = {"slice_crash": (_BLOCKS.format(key="slice(0, k)", flat=256), (2, 4, 16, 16), "float")}
    path = write(models, _HEAD, "slice_crash", tmp_path)
    assert torch_crashes(path, (2, 4, 16, 16), "float")
    assert not blockers(path, (2, 4, 16, 16), capsys)


# ------------------------------------------------------------------ a layer written onto d[k]
# with ``k`` not known (interp/items.py, interp/submodpath.py ``one_of``): the item is one of the
# modules the container holds; the write leaves each of them unresolved. It was a plain unknown
# and the write was dropped (40 where torch counts 60 below: a confident wrong).
ONE_OF = """
import random

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        {pick}
"""


@pytest.mark.parametrize(
    "pick",
    [
        'mods = dict(self.named_modules())\n        setattr(mods[random.choice(["a", "b"])],'
        ' "extra", nn.Linear(4, 4))',
        "self.b[random.randrange(2)].extra = nn.Linear(4, 4)",
        "[self.a, self.b[0]][random.randrange(2)].bias = None",
        'dict(self.named_modules())[random.choice(["a", "b.1"])].extra = nn.Linear(4, 4)',
    ],
)
def test_layer_written_onto_an_item_of_unknown_key_is_unknown(tmp_path, pick):
    check_honest_unknown(tmp_path, ONE_OF.format(pick=pick))


@pytest.mark.parametrize(
    "pick",
    [
        'mods = dict(self.named_modules())\n        setattr(mods[random.choice(["a", "b"])],'
        ' "tag", "x")',
        "self.b[random.randrange(2)].tag = 3",
    ],
)
def test_plain_value_written_onto_an_item_of_unknown_key_keeps_the_count(tmp_path, pick):
    check_count_matches_torch(tmp_path, ONE_OF.format(pick=pick))


# ------------------------------------------------------------------ a loop over a walk that is
# not enumerable (interp/modtree.py ``UnknownWalk``): ``model.modules()`` over a catalogue layer
# whose torch sub-modules are not known. The loop ran once on a plain unknown item and a layer
# written onto it was dropped (1554 where torch counts 1480 for the first case below).
WALK = """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Transformer(8, 2, 1, 1, 16)
        self.head = nn.Linear(8, 2)
        {loop}
"""


@pytest.mark.parametrize(
    "loop",
    [
        "for m in self.modules():\n            if isinstance(m, nn.Linear):\n"
        "                m.bias = None",
        "for n, m in self.named_modules():\n            if n.endswith('linear1'):\n"
        "                setattr(m, 'extra', nn.Linear(2, 2))",
    ],
)
def test_layer_written_in_a_loop_over_an_unknown_walk_is_unknown(tmp_path, loop):
    check_honest_unknown(tmp_path, WALK.format(loop=loop))


@pytest.mark.parametrize(
    "loop",
    [
        "for m in self.modules():\n            if isinstance(m, nn.Linear):\n"
        "                nn.init.zeros_(m.weight)",
        "for n, m in self.named_modules():\n            m.tag = n",
    ],
)
def test_plain_loop_over_an_unknown_walk_keeps_the_count(tmp_path, loop):
    check_count_matches_torch(tmp_path, WALK.format(loop=loop))
