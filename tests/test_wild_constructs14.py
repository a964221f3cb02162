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

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")


def torch_count(path) -> int:
    with torch.device("meta"):
        model = runpy.run_path(str(path), run_name="__wild__")["model"]
    seen = {id(p): p for p in model.parameters()}
    return sum(p.numel() for p in seen.values())


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
