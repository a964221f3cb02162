"""Constructs of code nobody here wrote (issue #16, session 14), each in a small model written
here and built in real torch.

The "analysis stopped: call depth over 60" / "code nested too deeply" unknowns of session 13
(effdet's omegaconf configs, gymnasium's environment checks) were not deep code: they were
recursions the analyzer made up, on paths Python never takes --

* an object whose class defines ``__setattr__`` and ``__getattr__`` and stores its state with
  ``self.__dict__["_meta"] = ...`` (omegaconf's nodes): the write was dropped, so every later
  ``self._meta`` fell through to ``__getattr__``, which reads ``self._meta`` again;
* ``dataclasses.is_dataclass(x)`` / ``attr.has(x)`` were unknown, so a ``create(obj)`` that
  recurses into ``create({})`` for structured configs took both branches forever;
* a class based on a subscripted generic (``class CartPole(Env[np.ndarray, int])``) had an
  unknown base, so ``isinstance(env, Env)`` was False and a checker walked the wrong branch.

Each is modelled as Python runs it and tested here against torch; a truly runaway recursion
still stops with a note (tests/test_wild_budget12.py)."""

from __future__ import annotations

import functools
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="meta")


def write(tmp_path, src: str, name: str = "m.py"):
    f = tmp_path / name
    f.write_text(textwrap.dedent(src).lstrip("\n"))
    return f


def analyze(path):
    g = parse_source(path)
    return g.params_total(), g.notes


# ------------------------------------------------------------------ __dict__ behind __setattr__
NODE = """
import torch.nn as nn


class Meta:
    def __init__(self, width, flags):
        self.width = width
        self.flags = flags


class Node:
    # state kept in the instance dict directly: attribute writes go to the content
    def __init__(self, width, **content):
        self.__dict__["_meta"] = Meta(width, {})
        self.__dict__["_content"] = dict(content)

    def __setattr__(self, key, value):
        self._set(key, value)

    def _set(self, key, value):
        self.__dict__["_content"][key] = value

    def __getattr__(self, key):
        # a missing ``_meta`` would come back here: Python finds it in __dict__ first
        if key in self._meta.flags:
            return self._meta.flags[key]
        return self._get(key)

    def _get(self, key):
        content = self.__dict__["_content"]
        if key in content:
            return content[key]
        raise AttributeError(key)


cfg = Node({width}, depth={depth})
cfg.hidden = cfg.depth * 8
{extra}


class Net(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.inp = nn.Linear(c._meta.width, c.hidden)
        self.blocks = nn.ModuleList(nn.Linear(c.hidden, c.hidden) for _ in range(c.depth))


model = Net(cfg)
"""


@pytest.mark.parametrize(
    "width,depth,extra",
    [
        (4, 2, ""),
        (6, 3, "cfg.__dict__['_meta'].width = 5"),  # written through the live dict
        (3, 1, "vars(cfg)['_content']['depth'] = 2"),
    ],
)
def test_instance_dict_of_a_class_with_setattr_and_getattr(tmp_path, width, depth, extra):
    src = NODE.replace("{width}", str(width)).replace("{depth}", str(depth))
    p = write(tmp_path, src.replace("{extra}", extra))
    got, notes = analyze(p)
    assert not any("analysis stopped" in n for n in notes), notes
    assert got == torch_count(p)


# ------------------------------------------------------------------ is_dataclass / attr.has
STRUCT = """
import dataclasses
from dataclasses import dataclass

import torch.nn as nn
{attr_import}


@dataclass
class Base:
    width: int = 4


class Child(Base):  # the generated field table is inherited: still a dataclass
    pass


class Plain:
    width = 7


{attr_classes}


def create(obj):
    # a structured config is read through a fresh empty config first (omegaconf's
    # ``get_dataclass_data``): an undecided check here recursed forever
    if dataclasses.is_dataclass(obj){attr_check}:
        out = create({})
        out["width"] = obj.width
        return out
    return dict(obj)


def bit(v):
    return 1 if v else 0


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        flags = [
            dataclasses.is_dataclass({}),
            dataclasses.is_dataclass(Base),
            dataclasses.is_dataclass(Child()),
            dataclasses.is_dataclass(Plain),
            dataclasses.is_dataclass(Plain()),
            dataclasses.is_dataclass(nn.Linear),
            dataclasses.is_dataclass(3),
            {attr_flags}
        ]
        n = sum(bit(f) << i for i, f in enumerate(flags))
        self.code = nn.Linear(1, n + 1)
        self.a = nn.Linear(create(Child(width=5))["width"], 3)
        self.b = nn.Linear(create({"width": 2})["width"], 3)


model = Net()
"""

ATTR_CLASSES = """
@attr.s(auto_attribs=True)
class AttrsCfg:
    width: int = 6


@attr.define
class Defined:
    width: int = 2


class AttrsChild(AttrsCfg):
    pass
"""
ATTR_FLAGS = """attr.has(AttrsCfg),
            attr.has(AttrsChild),
            attr.has(Defined),
            attr.has(Base),
            attr.has(dict),
            attr.has(Plain),
            dataclasses.is_dataclass(AttrsCfg),"""


def test_is_dataclass_as_python_answers(tmp_path):
    src = STRUCT.replace("{attr_import}", "").replace("{attr_classes}", "")
    src = src.replace("{attr_check}", "").replace("{attr_flags}", "")
    p = write(tmp_path, src)
    got, notes = analyze(p)
    assert not any("analysis stopped" in n for n in notes), notes
    assert got == torch_count(p)


def test_attr_has_as_attrs_answers(tmp_path):
    pytest.importorskip("attr")
    src = STRUCT.replace("{attr_import}", "import attr").replace("{attr_classes}", ATTR_CLASSES)
    src = src.replace("{attr_check}", " or attr.has(obj)").replace("{attr_flags}", ATTR_FLAGS)
    p = write(tmp_path, src)
    got, notes = analyze(p)
    assert not any("analysis stopped" in n for n in notes), notes
    assert got == torch_count(p)


def test_is_dataclass_of_another_librarys_class_is_unknown(tmp_path):
    # a class we do not read may carry a field table: the check is unknown, never False
    # (False would size the layer 4 x 4 with confidence)
    p = write(
        tmp_path,
        """
        import dataclasses

        import torch.nn as nn
        from somelib_not_installed import Settings

        n = 8 if dataclasses.is_dataclass(Settings) else 4
        model = nn.Linear(n, n)
        """,
    )
    assert parse_source(p).params_total() is None


# ------------------------------------------------------------------ generic base classes
GENERIC = """
from typing import Generic, TypeVar

import numpy as np
import torch.nn as nn

T = TypeVar("T")
A = TypeVar("A")


class Space(Generic[T]):
    def __init__(self, shape):
        self.shape = shape


class Env(Generic[T, A]):
    observation_space: Space
    action_space: Space

    def unwrapped_dims(self):
        return self.observation_space.shape[0], self.action_space.shape[0]


class Box(Space[np.ndarray]):
    pass


class Pole(Env[np.ndarray, {act}]):
    def __init__(self):
        self.observation_space = Box(({obs},))
        self.action_space = Box(({n_act},))


def check(env):
    # a checker that refuses anything that is not an Env, as gymnasium's wrappers do
    if not isinstance(env, Env):
        raise TypeError("not an environment")
    if not isinstance(env.observation_space, Space):
        raise TypeError("not a space")
    return env


class Policy(nn.Module):
    def __init__(self, env):
        super().__init__()
        obs, act = check(env).unwrapped_dims()
        self.net = nn.Sequential(nn.Linear(obs, 16), nn.Tanh(), nn.Linear(16, act))


model = Policy(Pole())
"""


@pytest.mark.parametrize("obs,n_act,act", [(4, 2, "int"), (3, 1, "int | np.ndarray")])
def test_class_based_on_a_subscripted_generic(tmp_path, obs, n_act, act):
    src = GENERIC.replace("{obs}", str(obs)).replace("{n_act}", str(n_act))
    p = write(tmp_path, src.replace("{act}", act))
    got, notes = analyze(p)
    assert got == torch_count(p), notes


# ------------------------------------------------------------------ numpy arrays of numbers
ARRAYS = """
import numpy as np
import torch.nn as nn

high = np.array([2.4, np.inf, 0.2, np.inf], dtype=np.float32)
ids = np.asarray([1, 2, 3])
widths = (np.array([2, 3]) * 4).tolist()  # elementwise: [8, 12] (a list would repeat it)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        n = high.shape[0] if isinstance(high, np.ndarray) else 1
        self.inp = nn.Linear(n + len(ids), widths[0])
        self.out = nn.Linear(widths[0], widths[-1])
        self.k = nn.Linear(int(ids.sum()), 2, bias=bool(high[1] > 1e9))


model = Net()
"""


def test_numpy_array_of_numbers_is_an_array(tmp_path):
    p = write(tmp_path, ARRAYS)
    got, notes = analyze(p)
    assert got == torch_count(p), notes


# ------------------------------------------------------------------ re.compile
PATTERN = """
import re

import torch.nn as nn

ID_RE = re.compile(r"^(?:(?P<ns>[\\w:-]+)/)?(?P<name>[\\w:.-]+?)(?:-v(?P<ver>\\d+))?$")
ns, name, ver = ID_RE.fullmatch("{env_id}").group("ns", "name", "ver")
width = 4 * (int(ver) if ver is not None else 1) + (2 if ns is None else 0) + len(name)
model = nn.Linear(width, 3)
"""


@pytest.mark.parametrize("env_id", ["Pole-v3", "team/Cart-v12", "Plain"])
def test_compiled_pattern_methods(tmp_path, env_id):
    p = write(tmp_path, PATTERN.replace("{env_id}", env_id))
    got, notes = analyze(p)
    assert got == torch_count(p), notes


# ------------------------------------------------------------------ registries filled by calls
REG_MOD = """
import importlib

registry = {}


class Spec:
    def __init__(self, id, entry_point, kwargs):
        self.id = id
        self.entry_point = entry_point
        self.kwargs = kwargs


def register(id, entry_point, **kwargs):
    spec = Spec(id, entry_point, kwargs)
    if spec.id in registry:
        raise ValueError(f"{spec.id} registered twice")
    registry[spec.id] = spec


def make(env_id, **extra):
    spec = registry.get(env_id)
    if spec is None:
        raise KeyError(env_id)
    mod_name, attr = spec.entry_point.split(":")
    cls = getattr(importlib.import_module(mod_name), attr)
    return cls(**{**spec.kwargs, **extra})
"""
REG_INIT = """
from envpkg14.registration import make, register, registry

register(id="Pole-v1", entry_point="envpkg14.envs:Pole", n_obs=4, n_act=2)
register(id="Pole-v2", entry_point="envpkg14.envs:Pole", n_obs=6, n_act=3)
register(id="Arm-v0", entry_point="envpkg14.envs:Arm", joints=5)
"""
REG_ENVS = """
class Pole:
    def __init__(self, n_obs, n_act):
        self.n_obs, self.n_act = n_obs, n_act


class Arm:
    def __init__(self, joints):
        self.n_obs, self.n_act = 3 * joints, joints
"""
REG_USER = """
import torch.nn as nn

from envpkg14.registration import make  # the package's __init__ registers on import

env = make("{env_id}"{extra})
model = nn.Sequential(nn.Linear(env.n_obs, 32), nn.ReLU(), nn.Linear(32, env.n_act))
"""


@pytest.mark.parametrize(
    "env_id,extra", [("Pole-v1", ""), ("Pole-v2", ""), ("Arm-v0", ", joints=7")]
)
def test_registry_filled_by_top_level_calls(tmp_path, monkeypatch, env_id, extra):
    pkg = tmp_path / "envpkg14"
    pkg.mkdir()
    write(pkg, REG_MOD, "registration.py")
    write(pkg, REG_INIT, "__init__.py")
    write(pkg, REG_ENVS, "envs.py")
    p = write(tmp_path, REG_USER.replace("{env_id}", env_id).replace("{extra}", extra))
    got, notes = analyze(p)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert got == torch_count(p), notes


def test_a_key_no_call_registers_is_absent(tmp_path):
    pkg = tmp_path / "envpkg14"
    pkg.mkdir()
    write(pkg, REG_MOD, "registration.py")
    write(pkg, REG_INIT, "__init__.py")
    write(pkg, REG_ENVS, "envs.py")
    p = write(
        tmp_path,
        """
        import torch.nn as nn

        from envpkg14.registration import registry

        n = 8 if "Pole-v9" in registry else 4
        model = nn.Linear(n, n)
        """,
    )
    assert analyze(p)[0] == 4 * 4 + 4  # as Python: no register() call names Pole-v9


# ------------------------------------------------------------------ exceptions of the analyzed code
RAISES = """
import os

import torch.nn as nn


class Error({base}):
    pass


class RegistrationError(Error):
    pass


def build(width):
    if os.environ.get("DC_TEST_STRICT_14"):  # undecided statically
        raise RegistrationError("refused")
    return width


try:
    w = build(8)
except TypeError:
    w = 2
model = nn.Linear(w, w)
"""


def test_a_source_exception_is_caught_as_its_builtin_ancestor(tmp_path):
    p = write(tmp_path, RAISES.replace("{base}", "Exception"))
    got, notes = analyze(p)
    assert got == torch_count(p), notes  # never a TypeError: the handler cannot run


def test_a_source_exception_deriving_from_the_handled_class_stays_undecided(tmp_path):
    p = write(tmp_path, RAISES.replace("{base}", "TypeError"))
    assert analyze(p)[0] is None  # the handler may run: 2 x 2 or 8 x 8


# ------------------------------------------------------------------ builtin type names, tuple sets
PRIMITIVE = """
from collections import OrderedDict

import torch.nn as nn

PRIMITIVE_DICTS = frozenset({("builtins", "dict"), ("collections", "OrderedDict")})


def is_primitive_dict(obj):
    t = type(obj)
    return (t.__module__, t.__qualname__) in PRIMITIVE_DICTS


widths = [8 if is_primitive_dict(v) else 3 for v in ({VALUES})]
pairs = [("a", 1), ("b", 2)]
extra = 5 if ("b", 2) in pairs else 1
model = nn.Sequential(*[nn.Linear(w, extra) for w in widths])
"""


@pytest.mark.parametrize("values", ["{}, [], 'x'", "dict(a=1), 3, (1, 2)"])
def test_builtin_type_names_and_tuples_in_a_set(tmp_path, values):
    p = write(tmp_path, PRIMITIVE.replace("{VALUES}", values))
    got, notes = analyze(p)
    assert got == torch_count(p), notes
