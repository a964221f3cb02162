"""Session 39 (wrongfix39): confident wrongs left by review38 (issue #16, "unknown stays
honest") and more of the same family found by probes. Each probe runs in torch (and in
pydantic / attrs where it uses them) and by driftcheck: driftcheck's count is torch's count,
or unknown where the brief allows it; never another number."""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.values.abstract import Unknown, UnknownState, called_of
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str, device: str = "meta", files: dict | None = None):
    """(driftcheck's count, torch's count or the exception class name torch raised)."""
    for name, text in (files or {}).items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    got = parse_source(path).params_total()
    if "pydantic.v1" in code:
        # pydantic 1 refuses a second validator of the same module.qualname in one process
        # (its ``allow_reuse`` check): each such probe runs in a fresh interpreter
        return got, _count_in_subprocess(path)
    try:
        want = torch_count(path, root="model", device=device, sys_path=tmp_path if files else None)
    except Exception as e:  # torch (or the config library) raised: driftcheck must not count
        want = type(e).__name__
    return got, want


def _count_in_subprocess(path) -> int | str:
    import subprocess
    import sys

    prog = (
        "import runpy, torch\n"
        "with torch.device('meta'):\n"
        "    try:\n"
        f"        m = runpy.run_path({str(path)!r})['model']\n"
        "        print(sum(p.numel() for p in {id(p): p for p in m.parameters()}.values()))\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, timeout=120)
    text = out.stdout.strip().splitlines()[-1]
    return int(text) if text.isdigit() else text


# ---- item 5 (review38 D4): the optimizer an unknown came from is data, not note text ----


def test_called_of_reads_the_marker_not_the_note():
    # the note text alone names no call: rewording a note cannot change a verdict
    assert called_of(Unknown("call of torch.optim.Adam"), "torch.optim.") is None
    assert (
        called_of(Unknown("reworded note", called="torch.optim.Adam"), "torch.optim.")
        == "torch.optim.Adam"
    )
    assert called_of(Unknown("x", called="torch.amp.GradScaler"), "torch.optim.") is None
    # only a plain Unknown: a subclass (a state read, a module) is another kind of value
    s = UnknownState("call of torch.optim.Adam")
    s.called = "torch.optim.Adam"
    assert called_of(s, "torch.optim.") is None


OPT_NET = """
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)
        self.opt = torch.optim.{opt}(self.parameters(), lr=0.1)

    def forward(self, x):
        h = self.fc(x)
        s = torch.optim.lr_scheduler.CyclicLR(self.opt, 0.01, 0.1)
        return h
"""


@pytest.mark.parametrize("opt", ["Adagrad", "SGD"])
@pytest.mark.parametrize("reword", [False, True])
def test_optimizer_rule_survives_a_reworded_note(tmp_path, capsys, monkeypatch, opt, reword):
    """CyclicLR on an Adagrad (no momentum) raises, on SGD it runs: the blocker follows torch,
    and rewording every unknown's note (the text ``call of torch.optim.Adagrad``) changes
    nothing, since the rule reads the structured ``called`` marker."""
    from tests.crash_rule_support import blockers, torch_crashes

    path = tmp_path / "net.py"
    path.write_text(OPT_NET.format(opt=opt))
    crashes = torch_crashes(path, (4, 6), "float")
    assert crashes is (opt == "Adagrad")
    if reword:
        init = Unknown.__init__

        def reworded(self, why="", called=None):
            init(self, f"(reworded) {why}", called)

        monkeypatch.setattr(Unknown, "__init__", reworded)
    assert bool(blockers(path, (4, 6), capsys)) is crashes


# ---- items 1-4 and 6: probes, each run in torch (and pydantic / attrs) and by driftcheck ----
# "exact": driftcheck's params_total is torch's count; "unknown": driftcheck says unknown (torch
# raises, or the construct is not modelled: never another number). review38's own probes are
# r38_*; the rest were written for session 39 (README of the family: config libraries, class
# registries, descriptors, properties, __getattr__ fallbacks).
PROBES: dict[str, tuple[str, str]] = {
    "argp_defaults": (
        'import argparse\nimport torch.nn as nn\np = argparse.ArgumentParser()\np.add_argument("--dim", type=int, default=16)\np.add_argument("--depth", type=int, default=2)\np.add_argument("--wide", action="store_true")\np.set_defaults(depth=3)\na = p.parse_args(["--dim", "8", "--wide"])\nmodel = nn.Linear(a.dim * (2 if a.wide else 1), a.depth, bias=False)\n',
        "exact",
    ),
    "argp_known": (
        'import argparse\nimport torch.nn as nn\np = argparse.ArgumentParser()\np.add_argument("--dim", type=int, default=16)\na, rest = p.parse_known_args(["--dim", "6", "--other", "1"])\nmodel = nn.Linear(a.dim, len(rest), bias=False)\n',
        "exact",
    ),
    "argp_nargs": (
        'import argparse\nimport torch.nn as nn\np = argparse.ArgumentParser()\np.add_argument("--dims", type=int, nargs="+", default=[4])\np.add_argument("--act", choices=["relu", "gelu"], default="relu")\na = p.parse_args(["--dims", "3", "5"])\nmodel = nn.Linear(sum(a.dims), len(a.act), bias=False)\n',
        "exact",
    ),
    "at_conv": (
        'import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = attrs.field(default="3", converter=int)\n    b: int = attrs.field(default=2, converter=lambda v: v * 5)\nq = P()\nmodel = nn.Linear(q.a, q.b, bias=False)\n',
        "exact",
    ),
    "at_default_ok": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = 4\n    b: int = attrs.field()\n    @b.default\n    def _b(self):\n        return self.a * 3\n@attrs.define\nclass Q(P):\n    c: int = 2\nmodel = nn.Linear(Q(a=2).b, Q().c, bias=False)\n",
        "exact",
    ),
    "at_evolve": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = 3\n    b: int = attrs.field(default=2, converter=lambda v: v * 3)\nq = attrs.evolve(P(), a=5)\nmodel = nn.Linear(q.a, q.b, bias=False)\n",
        "exact",
    ),
    "at_frozen_setattr": (
        "import attrs, torch.nn as nn\n@attrs.frozen\nclass P:\n    a: int = 4\np = P()\ntry:\n    p.a = 9\nexcept attrs.exceptions.FrozenInstanceError:\n    pass\nmodel = nn.Linear(p.a, 2, bias=False)\n",
        "exact",
    ),
    "at_instof": (
        'import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = attrs.field(default=4, validator=[attrs.validators.instance_of(int), attrs.validators.in_([4, 8])])\ntry:\n    w = P("8").a\nexcept TypeError:\n    w = 6\nexcept ValueError:\n    w = 9\nmodel = nn.Linear(w, P(8).a, bias=False)\n',
        "exact",
    ),
    "at_kwfield": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = attrs.field(default=4, kw_only=True)\n    b: int = 5\nq = P(7)\nmodel = nn.Linear(q.a, q.b, bias=False)\n",
        "exact",
    ),
    "at_kwonly": (
        "import attrs, torch.nn as nn\n@attrs.define(kw_only=True)\nclass P:\n    a: int = 4\n@attrs.define\nclass Q(P):\n    b: int = 5\nq = Q(7, a=2)\nmodel = nn.Linear(q.a, q.b, bias=False)\n",
        "exact",
    ),
    "at_oldstyle": (
        "import attr, torch.nn as nn\n@attr.s\nclass P:\n    a = attr.ib(default=4)\n    b = attr.ib(default=5)\n@attr.s\nclass Q(P):\n    a = attr.ib(default=10)\nq = Q(7)\nmodel = nn.Linear(q.a, q.b, bias=False)\n",
        "unknown",
    ),
    "at_onsetattr": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = attrs.field(default=3, on_setattr=lambda self, att, v: v * 2)\nq = P()\nq.a = 5\nmodel = nn.Linear(q.a, 2, bias=False)\n",
        "unknown",
    ),
    "at_onsetattr_conv": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = attrs.field(default=3, converter=lambda v: v + 1)\nq = P()\nq.a = 5\nmodel = nn.Linear(q.a, 2, bias=False)\n",
        "unknown",
    ),
    "at_postinit": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = 3\n    b: int = attrs.field(init=False)\n    def __attrs_post_init__(self):\n        self.b = self.a * 4\nq = P(2)\nmodel = nn.Linear(q.a, q.b, bias=False)\n",
        "exact",
    ),
    "at_twolevel": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass A:\n    x: int = 1\n    y: int = 2\n    z: int = 3\n@attrs.define\nclass B(A):\n    x: int = 10\n@attrs.define\nclass C(B):\n    y: int = 20\nc = C(5, 6)\nmodel = nn.Linear(c.x * 10 + c.y, c.z, bias=False)\n",
        "exact",
    ),
    "at_validator": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = attrs.field(default=4, validator=attrs.validators.gt(5))\ntry:\n    p = P()\n    w = p.a\nexcept ValueError:\n    w = 7\nmodel = nn.Linear(w, 2, bias=False)\n",
        "exact",
    ),
    "at_validator_method": (
        'import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = attrs.field(default=4)\n    @a.validator\n    def _chk(self, attribute, value):\n        if value > 5:\n            raise ValueError("too big")\ntry:\n    w = P(9).a\nexcept ValueError:\n    w = 3\nmodel = nn.Linear(w, P().a, bias=False)\n',
        "exact",
    ),
    "attrdict": (
        "import torch.nn as nn\nclass AttrDict(dict):\n    def __getattr__(self, k):\n        try:\n            return self[k]\n        except KeyError:\n            raise AttributeError(k)\n    def __setattr__(self, k, v):\n        self[k] = v\nc = AttrDict(d=4)\nc.h = 3\nc.update(d=6)\nmodel = nn.Linear(c.d, c.h + len(c), bias=False)\n",
        "exact",
    ),
    "cached_prop": (
        "import functools, torch.nn as nn\nclass Cfg:\n    def __init__(self):\n        self.base = 4\n    @functools.cached_property\n    def width(self):\n        return self.base * 2\nc = Cfg()\nw1 = c.width\nc.base = 10\nmodel = nn.Linear(w1, c.width, bias=False)\n",
        "exact",
    ),
    "class_registry_deco": (
        'import torch.nn as nn\nREG = {}\ndef register(name):\n    def deco(cls):\n        if name in REG:\n            return cls\n        REG[name] = cls\n        return cls\n    return deco\n@register("x")\nclass X(nn.Linear):\n    def __init__(self):\n        super().__init__(2, 3)\n@register("x")\nclass Y(nn.Linear):\n    def __init__(self):\n        super().__init__(5, 7)\nmodel = REG["x"]()\n',
        "exact",
    ),
    "classvar_counter": (
        "import torch.nn as nn\nclass Layer(nn.Module):\n    count = 0\n    def __init__(self):\n        super().__init__()\n        Layer.count += 1\n        self.l = nn.Linear(Layer.count, 2)\nmodel = nn.Sequential(Layer(), Layer(), Layer())\n",
        "exact",
    ),
    "confdict_lock": (
        'import torch.nn as nn\nclass ConfigDict(dict):\n    def __init__(self, *a, **k):\n        super().__init__(*a, **k)\n        object.__setattr__(self, "_locked", False)\n    def lock(self):\n        object.__setattr__(self, "_locked", True)\n    def __getattr__(self, k):\n        return self[k]\n    def __setattr__(self, k, v):\n        if self._locked and k not in self:\n            raise AttributeError(k)\n        self[k] = v\nc = ConfigDict(d=4)\nc.lock()\nc.d = 8\ntry:\n    c.h = 3\nexcept AttributeError:\n    pass\nmodel = nn.Linear(c.d, len(c), bias=False)\n',
        "exact",
    ),
    "dc_frozen": (
        "from dataclasses import dataclass, replace\nimport torch.nn as nn\n@dataclass(frozen=True)\nclass P:\n    a: int = 4\np = P()\ntry:\n    p.a = 9\nexcept AttributeError:\n    pass\np2 = replace(p, a=6)\nmodel = nn.Linear(p.a, p2.a, bias=False)\n",
        "exact",
    ),
    "dc_inherit": (
        "from dataclasses import dataclass, field\nimport torch.nn as nn\n@dataclass\nclass P:\n    a: int = 4\n    b: int = 5\n@dataclass\nclass Q(P):\n    a: int = 10\n    c: int = 2\nq = Q(7, 8)\nmodel = nn.Linear(q.a + q.c, q.b, bias=False)\n",
        "exact",
    ),
    "dc_kwonly": (
        "from dataclasses import dataclass, field, KW_ONLY\nimport torch.nn as nn\n@dataclass\nclass P:\n    a: int = 4\n    _: KW_ONLY\n    b: int = 5\n@dataclass\nclass Q(P):\n    c: int = 2\nq = Q(7, 3, b=1)\nmodel = nn.Linear(q.a + q.c, q.b + 1, bias=False)\n",
        "exact",
    ),
    "dc_postinit": (
        "import dataclasses, torch.nn as nn\nfrom dataclasses import dataclass, field, InitVar\n@dataclass\nclass C:\n    a: int = 4\n    scale: InitVar[int] = 3\n    b: list = field(default_factory=lambda: [1, 2])\n    def __post_init__(self, scale):\n        self.a = self.a * scale\n        self.b.append(self.a)\nc = C(2)\nmodel = nn.Linear(c.a + len(c.b), sum(c.b), bias=False)\n",
        "exact",
    ),
    "descriptor": (
        'import torch.nn as nn\nclass Doubled:\n    def __set_name__(self, owner, name):\n        self.name = "_" + name\n    def __get__(self, obj, typ=None):\n        if obj is None:\n            return self\n        return getattr(obj, self.name) * 2\n    def __set__(self, obj, v):\n        setattr(obj, self.name, v + 1)\nclass Cfg:\n    d = Doubled()\n    def __init__(self, d):\n        self.d = d\nmodel = nn.Linear(Cfg(3).d, 2, bias=False)\n',
        "exact",
    ),
    "enum_flag": (
        "import enum, torch.nn as nn\nclass F(enum.IntFlag):\n    A = 1\n    B = 2\n    C = 4\nx = F.A | F.C\nmodel = nn.Linear(int(x) + len(list(F)), 2 if F.B in x else 3, bias=False)\n",
        "exact",
    ),
    "enum_members_iter": (
        "import enum, torch.nn as nn\nclass S(enum.Enum):\n    A = 3\n    B = 5\n    A2 = 3\nmodel = nn.Linear(sum(s.value for s in S) + len(S.__members__), 2, bias=False)\n",
        "exact",
    ),
    "getattr_fallback": (
        'import torch.nn as nn\nclass Cfg:\n    defaults = {"d": 4, "h": 3}\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n    def __getattr__(self, k):\n        if k in self.defaults:\n            return self.defaults[k] * 2\n        raise AttributeError(k)\nc = Cfg(d=5)\nmodel = nn.Linear(c.d, c.h, bias=False)\n',
        "exact",
    ),
    "init_subclass_reg": (
        'import torch.nn as nn\nREG = {}\nclass Block(nn.Module):\n    def __init_subclass__(cls, key=None, **kw):\n        super().__init_subclass__(**kw)\n        REG[key or cls.__name__.lower()] = cls\nclass A(Block, key="a"):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(3, 4)\nclass B(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(4, 5)\nclass B2(B, key="a"):\n    pass\nmodel = nn.ModuleList([REG[k]() for k in sorted(REG)])\n',
        "exact",
    ),
    "ns_simple": (
        'from types import SimpleNamespace\nimport argparse\nimport torch.nn as nn\nc = SimpleNamespace(d=4, h=2)\nc.d *= 3\nn = argparse.Namespace(**vars(c))\nsetattr(n, "h", 5)\nmodel = nn.Linear(n.d, getattr(n, "h"), bias=False)\n',
        "exact",
    ),
    "nt_basic": (
        "from typing import NamedTuple\nimport torch.nn as nn\nclass Cfg(NamedTuple):\n    d: int = 8\n    h: int = 2\n    def double(self):\n        return self._replace(d=self.d * 2)\nc = Cfg(h=3).double()\nd, h = c\nmodel = nn.Linear(d, h + len(c), bias=False)\n",
        "exact",
    ),
    "nt_sub": (
        'from typing import NamedTuple\nimport torch.nn as nn\nclass Base(NamedTuple):\n    d: int = 8\n    h: int = 2\nclass Cfg(Base):\n    @property\n    def width(self):\n        return self.d * self.h\nmodel = nn.Linear(Cfg(4).width, Cfg()._fields.index("h") + 1, bias=False)\n',
        "unknown",
    ),
    "omega_like": (
        'import torch.nn as nn\ncfg = {"model": {"dim": 8, "heads": 2}, "train": {"lr": 0.1}}\nover = {"model": {"dim": 4}}\ndef merge(a, b):\n    out = dict(a)\n    for k, v in b.items():\n        out[k] = merge(a[k], v) if isinstance(v, dict) and k in a else v\n    return out\nc = merge(cfg, over)\nmodel = nn.Linear(c["model"]["dim"], c["model"]["heads"] * len(c), bias=False)\n',
        "exact",
    ),
    "pd_alias_pbn": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    model_config = ConfigDict(populate_by_name=True)\n    d: int = Field(8, alias="dim")\nmodel = nn.Linear(C(d=3).d, C(dim=5).d, bias=False)\n',
        "unknown",
    ),
    "pd_ann_before": (
        "from typing import Annotated\nimport torch.nn as nn\nfrom pydantic import BaseModel, BeforeValidator\nclass C(BaseModel):\n    h: Annotated[int, BeforeValidator(lambda v: v + 1)] = 4\nmodel = nn.Linear(C(h=3).h, C().h, bias=False)\n",
        "unknown",
    ),
    "pd_ann_field_gt": (
        "from typing import Annotated\nimport torch.nn as nn\nfrom pydantic import BaseModel, Field\nclass C(BaseModel):\n    h: Annotated[int, Field(gt=5)] = 4\ntry:\n    w = C(h=3).h\nexcept ValueError:\n    w = 7\nmodel = nn.Linear(w, C().h, bias=False)\n",
        "unknown",
    ),
    "pd_assign_coerce": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    model_config = ConfigDict(validate_assignment=True)\n    h: int = 4\nc = C()\nc.h = "7"\nmodel = nn.Linear(c.h, 2, bias=False)\n',
        "unknown",
    ),
    "pd_assign_plain": (
        "import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    h: int = 4\nc = C()\nc.h = 9\nmodel = nn.Linear(c.h, 2, bias=False)\n",
        "exact",
    ),
    "pd_computed": (
        "import torch.nn as nn\nfrom pydantic import BaseModel, computed_field\nclass C(BaseModel):\n    h: int = 4\n    @computed_field\n    @property\n    def d(self) -> int:\n        return self.h * 3\nmodel = nn.Linear(C(h=2).d, 1, bias=False)\n",
        "exact",
    ),
    "pd_dc_ok": (
        "import dataclasses\nimport torch.nn as nn\nfrom pydantic.dataclasses import dataclass\n@dataclass\nclass C:\n    h: int = 4\n    w: int = dataclasses.field(default=2)\nmodel = nn.Linear(C(h=3).h, C().w, bias=False)\n",
        "exact",
    ),
    "pd_dc_plain": (
        'import torch.nn as nn\nfrom pydantic.dataclasses import dataclass\n@dataclass\nclass C:\n    h: int = 4\n    w: int = 2\nmodel = nn.Linear(C(3).h, C(w="5").w, bias=False)\n',
        "unknown",
    ),
    "pd_extra_forbid": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    model_config = ConfigDict(extra="forbid")\n    h: int = 4\ntry:\n    w = C(h=3, z=1).h\nexcept ValueError:\n    w = 9\nmodel = nn.Linear(w, 2, bias=False)\n',
        "unknown",
    ),
    "pd_field_gt": (
        "import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    h: int = Field(4, gt=5)\ntry:\n    w = C(h=3).h\nexcept ValueError:\n    w = 7\nmodel = nn.Linear(w, C().h, bias=False)\n",
        "unknown",
    ),
    "pd_field_gt_ok": (
        "import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    h: int = Field(4, ge=2, le=10)\nmodel = nn.Linear(C(h=6).h, C().h, bias=False)\n",
        "exact",
    ),
    "pd_float_int_bad": (
        "import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    h: int = 4\ntry:\n    w = C(h=3.5).h\nexcept ValueError:\n    w = 9\nmodel = nn.Linear(w, 2, bias=False)\n",
        "unknown",
    ),
    "pd_frozen": (
        "import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    model_config = ConfigDict(frozen=True)\n    h: int = 4\nc = C()\ntry:\n    c.h = 9\nexcept Exception:\n    pass\nmodel = nn.Linear(c.h, 2, bias=False)\n",
        "unknown",
    ),
    "pd_parent_assign": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass B(BaseModel):\n    model_config = ConfigDict(validate_assignment=True)\nclass C(B):\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nc = C()\nc.h = 5\nmodel = nn.Linear(c.h, 1, bias=False)\n',
        "unknown",
    ),
    "pd_parent_cfg": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass B(BaseModel):\n    model_config = ConfigDict(validate_default=True)\nclass C(B):\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C().h, 1, bias=False)\n',
        "unknown",
    ),
    "pd_str_int": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, Field, field_validator\nclass C(BaseModel):\n    h: int = 4\n    f: float = 1.0\nmodel = nn.Linear(C(h="6").h, int(C(f="2.5").f * 2), bias=False)\n',
        "unknown",
    ),
    "pd_v1_assign": (
        'import torch.nn as nn\nfrom pydantic.v1 import BaseModel, validator\nclass C(BaseModel):\n    h: int = 4\n    class Config:\n        validate_assignment = True\n    @validator("h")\n    def dbl(cls, v):\n        return v * 2\nc = C()\nc.h = 3\nmodel = nn.Linear(c.h, 1, bias=False)\n',
        "unknown",
    ),
    "pd_v1_given": (
        'import torch.nn as nn\nfrom pydantic.v1 import BaseModel, validator\nclass C(BaseModel):\n    h: int = 4\n    @validator("h")\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C(h=3).h, C().h, bias=False)\n',
        "exact",
    ),
    "pd_v1_pre_root": (
        'import torch.nn as nn\nfrom pydantic.v1 import BaseModel, root_validator\nclass C(BaseModel):\n    h: int = 4\n    @root_validator(pre=True)\n    def r(cls, values):\n        values = dict(values); values["h"] = values.get("h", 1) + 5\n        return values\nmodel = nn.Linear(C().h, C(h=2).h, bias=False)\n',
        "exact",
    ),
    "pd_v1_validate_all": (
        'import torch.nn as nn\nfrom pydantic.v1 import BaseModel, validator\nclass C(BaseModel):\n    h: int = 4\n    class Config:\n        validate_all = True\n    @validator("h")\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C().h, 1, bias=False)\n',
        "unknown",
    ),
    "prop_setter": (
        "import torch.nn as nn\nclass Cfg:\n    def __init__(self):\n        self._d = 4\n    @property\n    def d(self):\n        return self._d\n    @d.setter\n    def d(self, v):\n        self._d = max(v, 6)\nc = Cfg()\nc.d = 2\nmodel = nn.Linear(c.d, 2, bias=False)\n",
        "exact",
    ),
    "r38_at1": (
        "import attr, torch.nn as nn\n@attr.s\nclass C:\n    a = attr.ib(default=4)\n    b = attr.ib()\n    @b.default\n    def _b(self):\n        return self.a * 3\nc = C(a=2)\nmodel = nn.Linear(c.b, 1, bias=False)\n",
        "unknown",
    ),
    "r38_at2": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass C:\n    a: int = 4\n    b: int = attrs.field()\n    @b.default\n    def _b(self):\n        return self.a * 3\n    @b.validator\n    def _chk(self, attribute, value):\n        pass\nc = C(b=5)\nmodel = nn.Linear(c.b + C().b, 1, bias=False)\n",
        "exact",
    ),
    "r38_at3": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass C:\n    a: int = 4\n    b: int = attrs.field(converter=lambda v: v * 2)\n    @b.default\n    def _b(self):\n        return self.a + 1\nmodel = nn.Linear(C().b, 1, bias=False)\n",
        "exact",
    ),
    "r38_at4": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = 4\n    b: int = attrs.field()\n    @b.default\n    def _b(self):\n        return self.a * 3\n@attrs.define\nclass Q(P):\n    a: int = 10\nmodel = nn.Linear(Q().b, 1, bias=False)\n",
        "unknown",
    ),
    "r38_at5": (
        "import attrs, torch.nn as nn\n@attrs.define\nclass P:\n    a: int = 4\n    b: int = 5\n@attrs.define\nclass Q(P):\n    a: int = 10\nq = Q(7)\nmodel = nn.Linear(q.a, q.b, bias=False)\n",
        "exact",
    ),
    "r38_at6": (
        "import dataclasses, torch.nn as nn\n@dataclasses.dataclass\nclass P:\n    a: int = 4\n    b: int = 5\n@dataclasses.dataclass\nclass Q(P):\n    a: int = 10\nq = Q(7)\nmodel = nn.Linear(q.a, q.b * 3, bias=False)\n",
        "exact",
    ),
    "r38_en1": (
        "import enum, torch.nn as nn\nclass S(enum.Enum):\n    A = (32, 2)\n    B = (32, 2)\n    C = (16, 3)\n    def __init__(self, width, depth):\n        self.width = width\n        self.depth = depth\nmodel = nn.ModuleList([nn.Linear(s.width, s.depth) for s in S])\n",
        "exact",
    ),
    "r38_en2": (
        "import enum, torch.nn as nn\nclass S(enum.Enum):\n    A = (32, 2)\n    C = (16, 3)\n    def __init__(self, width, depth):\n        self.width = width * 2\n        self.depth = depth\n        self.idx = len(self.__class__.__members__)\nmodel = nn.ModuleList([nn.Linear(s.width + s.idx, s.depth) for s in S])\n",
        "unknown",
    ),
    "r38_en3": (
        "import enum, torch.nn as nn\nclass S(int, enum.Enum):\n    A = 4\n    B = 8\n    def __init__(self, v):\n        self.half = v // 2\nmodel = nn.Linear(S.B.half + S.A.value, 2)\n",
        "exact",
    ),
    "r38_en4": (
        "import enum, torch.nn as nn\nclass S(enum.Enum):\n    A = 1\n    B = 2\n    def __init__(self, v):\n        self.w = v * 10\n    @property\n    def double(self):\n        return self.w * 2\nmodel = nn.Linear(S.B.double, S(1).w)\n",
        "exact",
    ),
    "r38_en5": (
        "import enum, torch.nn as nn\nclass S(enum.Enum):\n    SMALL = (3,)\n    LARGER = (5,)\n    def __init__(self, v):\n        self.w = len(self.name) + v + len(self.value)\nmodel = nn.ModuleList([nn.Linear(s.w, 1) for s in S])\n",
        "exact",
    ),
    "r38_en6": (
        "import enum, torch.nn as nn\nclass S(enum.Enum):\n    A = enum.auto()\n    B = enum.auto()\n    def __init__(self, v):\n        self.w = v * 3\nmodel = nn.ModuleList([nn.Linear(s.w, 1) for s in S])\n",
        "exact",
    ),
    "r38_en7": (
        "import enum, torch.nn as nn\nclass S(enum.Enum):\n    A = 2\n    B = 2\n    def __init__(self, v):\n        self.w = v * 3\nmodel = nn.ModuleList([nn.Linear(s.w, 1) for s in S] + [nn.Linear(len(S.__members__), 1)])\n",
        "exact",
    ),
    "r38_en8": (
        'import enum, torch.nn as nn\nclass S(enum.Enum):\n    A = "ab"\n    B = "abcd"\n    def __init__(self, v):\n        self.w = len(v)\n    def __new__(cls, v):\n        obj = object.__new__(cls)\n        obj._value_ = v\n        return obj\nmodel = nn.ModuleList([nn.Linear(s.w, 1) for s in S])\n',
        "exact",
    ),
    "r38_pd1": (
        '# subclass overrides a parent validator by the same method name: pydantic uses the child\'s only\nimport torch.nn as nn\nfrom pydantic import BaseModel, field_validator\nclass Base(BaseModel):\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nclass Child(Base):\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v + 1\nc = Child(h=3)\nmodel = nn.Linear(c.h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd10": (
        '# model_config frozen / validate_assignment: assignment after init runs validators\nimport torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, field_validator\nclass C(BaseModel):\n    model_config = ConfigDict(validate_assignment=True)\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nc = C()\nc.h = 3\nmodel = nn.Linear(c.h, 1, bias=False)\n',
        "unknown",
    ),
    "r38_pd11": (
        '# field_validator on a field declared only in a parent, validator in child\nimport torch.nn as nn\nfrom pydantic import BaseModel, field_validator\nclass Base(BaseModel):\n    h: int = 4\nclass Child(Base):\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(Child(h=3).h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd12": (
        '# pydantic dataclass with field_validator\nimport torch.nn as nn\nfrom pydantic import field_validator\nfrom pydantic.dataclasses import dataclass\n@dataclass\nclass C:\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C(h=3).h, 1, bias=False)\n',
        "unknown",
    ),
    "r38_pd13": (
        '# model_copy(update=) does not validate; model_validate does\nimport torch.nn as nn\nfrom pydantic import BaseModel, field_validator\nclass C(BaseModel):\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\na = C.model_validate({"h": 3})\nmodel = nn.Linear(a.h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd14": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, model_validator\nclass C(BaseModel):\n    h: int = 4\n    @model_validator(mode="before")\n    @classmethod\n    def first(cls, d):\n        d = dict(d); d["h"] = d["h"] * 2; return d\n    @model_validator(mode="before")\n    @classmethod\n    def second(cls, d):\n        d = dict(d); d["h"] = d["h"] + 1; return d\nmodel = nn.Linear(C(h=3).h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd15": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, ConfigDict, field_validator\nclass C(BaseModel):\n    model_config = ConfigDict(validate_default=True)\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C().h, 1, bias=False)\n',
        "unknown",
    ),
    "r38_pd16": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, field_validator\nclass C(BaseModel):\n    h: int = 4\n    @field_validator("h", mode="before")\n    @classmethod\n    def first(cls, v):\n        return v * 2\n    @field_validator("h", mode="before")\n    @classmethod\n    def second(cls, v):\n        return v + 1\n    @field_validator("h")\n    @classmethod\n    def a1(cls, v):\n        return v * 3\n    @field_validator("h")\n    @classmethod\n    def a2(cls, v):\n        return v - 1\nmodel = nn.Linear(C(h=3).h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd17": (
        'import torch.nn as nn\nfrom pydantic import BaseModel, model_validator\nclass C(BaseModel):\n    h: int = 4\n    @model_validator(mode="after")\n    def first(self):\n        self.h = self.h * 2; return self\n    @model_validator(mode="after")\n    def second(self):\n        self.h = self.h + 1; return self\nmodel = nn.Linear(C(h=3).h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd2": (
        '# validate_default via Field\nimport torch.nn as nn\nfrom pydantic import BaseModel, Field, field_validator\nclass C(BaseModel):\n    h: int = Field(default=4, validate_default=True)\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C().h, 1, bias=False)\n',
        "unknown",
    ),
    "r38_pd3": (
        "# Annotated AfterValidator\nfrom typing import Annotated\nimport torch.nn as nn\nfrom pydantic import BaseModel, AfterValidator\nclass C(BaseModel):\n    h: Annotated[int, AfterValidator(lambda v: v * 2)] = 4\nmodel = nn.Linear(C(h=3).h, 1, bias=False)\n",
        "unknown",
    ),
    "r38_pd4": (
        '# str coerced to int in lax mode, then validator\nimport torch.nn as nn\nfrom pydantic import BaseModel, field_validator\nclass C(BaseModel):\n    h: int = 4\n    @field_validator("h", mode="before")\n    @classmethod\n    def b(cls, v):\n        return str(v) + "0"\nmodel = nn.Linear(C(h=3).h, 1, bias=False)\n',
        "unknown",
    ),
    "r38_pd5": (
        '# model_validator before sees raw dict, another field after\nimport torch.nn as nn\nfrom pydantic import BaseModel, field_validator, model_validator\nclass C(BaseModel):\n    a: int = 2\n    b: int = 3\n    @field_validator("b")\n    @classmethod\n    def vb(cls, v, info):\n        return v\n    @model_validator(mode="after")\n    def m(self):\n        self.a = self.a * self.b\n        return self\nmodel = nn.Linear(C(a=5).a, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd6": (
        '# validator on an inherited field declared in the parent, applied to child instance with alias & populate_by_name\nimport torch.nn as nn\nfrom pydantic import BaseModel, Field, ConfigDict, field_validator\nclass C(BaseModel):\n    model_config = ConfigDict(populate_by_name=True)\n    hidden: int = Field(4, alias="hid")\n    @field_validator("hidden")\n    @classmethod\n    def v(cls, x):\n        return x * 3\nmodel = nn.Linear(C(hidden=2).hidden, 1, bias=False)\n',
        "unknown",
    ),
    "r38_pd7": (
        '# float given to int field (3.0 -> 3), and float field int->float; validator sees coerced type\nimport torch.nn as nn\nfrom pydantic import BaseModel, field_validator\nclass C(BaseModel):\n    h: int = 4\n    r: float = 1.0\n    @field_validator("r")\n    @classmethod\n    def v(cls, x):\n        return x\nc = C(h=3.0, r=2)\nmodel = nn.Linear(c.h * (2 if isinstance(c.r, float) else 5), 1, bias=False)\n',
        "exact",
    ),
    "r38_pd8": (
        '# validator defined on parent applies to a field redeclared in child\nimport torch.nn as nn\nfrom pydantic import BaseModel, field_validator\nclass Base(BaseModel):\n    h: int = 4\n    @field_validator("h")\n    @classmethod\n    def dbl(cls, v):\n        return v * 2\nclass Child(Base):\n    h: int = 5\nmodel = nn.Linear(Child(h=3).h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd9": (
        '# pydantic v1 validator with always=True runs on default\nimport torch.nn as nn\nfrom pydantic.v1 import BaseModel, validator\nclass C(BaseModel):\n    h: int = 4\n    @validator("h", always=True)\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C().h, 1, bias=False)\n',
        "exact",
    ),
    "r38_pd9b": (
        '# pydantic v1 validator with always=True runs on default\nimport torch.nn as nn\nfrom pydantic import BaseModel, validator\nclass C(BaseModel):\n    h: int = 4\n    @validator("h", always=True)\n    def dbl(cls, v):\n        return v * 2\nmodel = nn.Linear(C().h, 1, bias=False)\n',
        "exact",
    ),
    "slots_default": (
        'import torch.nn as nn\nclass Cfg:\n    __slots__ = ("d", "h")\n    def __init__(self, d=4):\n        self.d = d\nc = Cfg()\nh = getattr(c, "h", 7)\nmodel = nn.Linear(c.d, h, bias=False)\n',
        "exact",
    ),
}
PACKAGES: dict[str, tuple[dict[str, str], str, str]] = {
    "reg_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        "import torch.nn as nn\nimport envpkg\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n",
        "exact",
    ),
    "reg_model2": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        "import torch.nn as nn\nimport envpkg\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(sum(s.width for s in registry.specs.values()), 2)\n",
        "exact",
    ),
    "reg2_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import registry\nregistry.register('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        "import torch.nn as nn\nimport envpkg\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n",
        "exact",
    ),
    "reg2_model2": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import registry\nregistry.register('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        "import torch.nn as nn\nimport envpkg\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(sum(s.width for s in registry.specs.values()), 2)\n",
        "exact",
    ),
    "reg_direct_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        "import torch.nn as nn\nimport envpkg\nimport envpkg.extra\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n",
        "exact",
    ),
    "reg_func_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        "import torch.nn as nn\nimport envpkg\nfrom envpkg.envs.registration import registry\ndef load():\n    import envpkg.extra\nmodel = nn.Linear(len(registry.specs), 2)\n",
        "unknown",
    ),
    "reg_importlib_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        'import importlib\nimport torch.nn as nn\nimport envpkg\nimportlib.import_module("envpkg.extra")\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n',
        "exact",
    ),
    "reg_dyn_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        'import importlib\nimport torch.nn as nn\nimport envpkg\nfor name in ["extra"]:\n    importlib.import_module("envpkg." + name)\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n',
        "unknown",
    ),
    "reg_relinit_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\nfrom . import extra\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        "import torch.nn as nn\nimport envpkg\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n",
        "exact",
    ),
    "reg_walk_model": (
        {
            "envpkg/__init__.py": "from envpkg.envs import make\n",
            "envpkg/extra.py": "from envpkg.envs.registration import register\nregister('never_imported', 99)\n",
            "envpkg/envs/__init__.py": "from envpkg.envs.registration import register, make\nregister(env_id='small', width=3)\nregister('mid', 5)\nif __name__ == '__main__':\n    register('main_only', 11)\ndef later():\n    register('in_func', 13)\n",
            "envpkg/envs/registration.py": '\nclass Spec:\n    def __init__(self, env_id, width):\n        self.env_id = env_id\n        self.width = width\n\nclass Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, env_id, width):\n        if env_id in self.specs:\n            raise ValueError(env_id)\n        self.specs[env_id] = Spec(env_id, width)\n\n    def make(self, env_id):\n        if env_id not in self.specs:\n            raise ValueError(env_id)\n        return self.specs[env_id]\n\nregistry = Registry()\n\ndef register(env_id, width):\n    """Register an environment."""\n    return registry.register(env_id, width)\n\ndef make(env_id):\n    return registry.make(env_id)\n',
        },
        'import importlib, pkgutil\nimport torch.nn as nn\nimport envpkg\nfor m in pkgutil.iter_modules(envpkg.__path__):\n    importlib.import_module("envpkg." + m.name)\nfrom envpkg.envs.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n',
        "unknown",
    ),
    "sub1_model": (
        {
            "blocks/__init__.py": "from blocks.base import REG, Block\nfrom blocks import small\n",
            "blocks/base.py": "import torch.nn as nn\nREG = {}\nclass Block(nn.Module):\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        REG[cls.__name__] = cls\n",
            "blocks/big.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Big(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(20, 30)\n",
            "blocks/small.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Small(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(2, 3)\n",
        },
        "import torch.nn as nn\nimport blocks\nmodel = nn.ModuleList([c() for c in blocks.REG.values()])\n",
        "exact",
    ),
    "sub1_model2": (
        {
            "blocks/__init__.py": "from blocks.base import REG, Block\nfrom blocks import small\n",
            "blocks/base.py": "import torch.nn as nn\nREG = {}\nclass Block(nn.Module):\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        REG[cls.__name__] = cls\n",
            "blocks/big.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Big(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(20, 30)\n",
            "blocks/small.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Small(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(2, 3)\n",
        },
        "import torch.nn as nn\nimport blocks\nmodel = nn.Linear(len(blocks.REG), 2)\n",
        "exact",
    ),
    "sub2_model": (
        {
            "blocks/__init__.py": "from blocks.base import REG, Block\nfrom blocks import small\n",
            "blocks/base.py": "import torch.nn as nn\nREG = {}\nclass Block(nn.Module):\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        REG[cls.__name__] = cls\n",
            "blocks/big.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Big(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(20, 30)\n",
            "blocks/small.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Small(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(2, 3)\n",
        },
        "import torch.nn as nn\nimport blocks\nimport blocks.big\nmodel = nn.ModuleList([c() for c in blocks.REG.values()])\n",
        "unknown",
    ),
    "sub2_model2": (
        {
            "blocks/__init__.py": "from blocks.base import REG, Block\nfrom blocks import small\n",
            "blocks/base.py": "import torch.nn as nn\nREG = {}\nclass Block(nn.Module):\n    def __init_subclass__(cls, **kw):\n        super().__init_subclass__(**kw)\n        REG[cls.__name__] = cls\n",
            "blocks/big.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Big(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(20, 30)\n",
            "blocks/small.py": "import torch.nn as nn\nfrom blocks.base import Block\nclass Small(Block):\n    def __init__(self):\n        super().__init__(); self.l = nn.Linear(2, 3)\n",
        },
        "import torch.nn as nn\nimport blocks\nmodel = nn.Linear(len(blocks.REG), 2)\n",
        "exact",
    ),
    "deco1_model": (
        {
            "zoo/__init__.py": "from zoo.registry import MODELS\nfrom zoo import a\n",
            "zoo/a.py": 'import torch.nn as nn\nfrom zoo.registry import register\n@register("a")\nclass A(nn.Linear):\n    def __init__(self):\n        super().__init__(2, 3)\n',
            "zoo/b.py": 'import torch.nn as nn\nfrom zoo.registry import register\n@register("b")\nclass B(nn.Linear):\n    def __init__(self):\n        super().__init__(20, 30)\n@register("a")\nclass A2(nn.Linear):\n    def __init__(self):\n        super().__init__(7, 7)\n',
            "zoo/registry.py": "MODELS = {}\ndef register(name):\n    def deco(cls):\n        MODELS[name] = cls\n        return cls\n    return deco\n",
        },
        "import torch.nn as nn\nimport zoo\nmodel = nn.Linear(len(zoo.MODELS), 2)\n",
        "unknown",
    ),
    "deco1_model2": (
        {
            "zoo/__init__.py": "from zoo.registry import MODELS\nfrom zoo import a\n",
            "zoo/a.py": 'import torch.nn as nn\nfrom zoo.registry import register\n@register("a")\nclass A(nn.Linear):\n    def __init__(self):\n        super().__init__(2, 3)\n',
            "zoo/b.py": 'import torch.nn as nn\nfrom zoo.registry import register\n@register("b")\nclass B(nn.Linear):\n    def __init__(self):\n        super().__init__(20, 30)\n@register("a")\nclass A2(nn.Linear):\n    def __init__(self):\n        super().__init__(7, 7)\n',
            "zoo/registry.py": "MODELS = {}\ndef register(name):\n    def deco(cls):\n        MODELS[name] = cls\n        return cls\n    return deco\n",
        },
        'import zoo\nmodel = zoo.MODELS["a"]()\n',
        "exact",
    ),
    "deco1_model3": (
        {
            "zoo/__init__.py": "from zoo.registry import MODELS\nfrom zoo import a\n",
            "zoo/a.py": 'import torch.nn as nn\nfrom zoo.registry import register\n@register("a")\nclass A(nn.Linear):\n    def __init__(self):\n        super().__init__(2, 3)\n',
            "zoo/b.py": 'import torch.nn as nn\nfrom zoo.registry import register\n@register("b")\nclass B(nn.Linear):\n    def __init__(self):\n        super().__init__(20, 30)\n@register("a")\nclass A2(nn.Linear):\n    def __init__(self):\n        super().__init__(7, 7)\n',
            "zoo/registry.py": "MODELS = {}\ndef register(name):\n    def deco(cls):\n        MODELS[name] = cls\n        return cls\n    return deco\n",
        },
        'import torch.nn as nn\nimport zoo\ntry:\n    m = zoo.MODELS["b"]()\nexcept KeyError:\n    m = nn.Linear(1, 1)\nmodel = m\n',
        "unknown",
    ),
}


# review39 H3 (lead, session 39): ``from regpkg import *`` where ``__all__`` is no one literal
# list: the submodules it imports are not known, so the registrations they hold are unknown
# (the first importreach read only the literal and counted 1 where torch finds 2)
_STAR_REG = "class Registry:\n    def __init__(self):\n        self.specs = {}\n\n    def register(self, name, width):\n        self.specs[name] = width\n\nregistry = Registry()\n\ndef register(name, width):\n    return registry.register(name, width)\n"
_STAR_MAIN = "import torch.nn as nn\nfrom regpkg import *\nfrom regpkg.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n"
for _tag, _init, _expect in (
    ("plus", "__all__ = ['a']\n__all__ += ['b']\n", "unknown"),
    ("extend", "__all__ = ['a']\n__all__.extend(['b'])\n", "unknown"),
    ("splat", "_X = ['b']\n__all__ = ['a', *_X]\n", "unknown"),
    ("comp", "__all__ = [n for n in ('a', 'b')]\n", "unknown"),
    ("ann", "__all__: list = ['a', 'b']\n", "unknown"),
    ("literal", "__all__ = ['a', 'b']\n", "exact"),
):
    PACKAGES[f"star_all_{_tag}"] = (
        {
            "regpkg/__init__.py": _init,
            "regpkg/a.py": "from regpkg.registration import register\nregister('a', 1)\n",
            "regpkg/b.py": "from regpkg.registration import register\nregister('b', 2)\n",
            "regpkg/registration.py": _STAR_REG,
        },
        _STAR_MAIN,
        _expect,
    )


# the import-closure walk reads the user's project folder whatever the package (lead, session
# 39: it reads no installed library but the registry's): a registration imported through a
# third package of the project counts
PACKAGES["project_third_package"] = (
    {
        "regpkg/__init__.py": "",
        "regpkg/registration.py": _STAR_REG,
        "regpkg/a.py": "from regpkg.registration import register\nregister('a', 1)\n",
        "regpkg/b.py": "from regpkg.registration import register\nregister('b', 2)\n",
        "plugins/__init__.py": "import regpkg.a\nimport regpkg.b\n",
    },
    "import torch.nn as nn\nimport plugins\nfrom regpkg.registration import registry\nmodel = nn.Linear(len(registry.specs), 2)\n",
    "exact",
)


@pytest.mark.parametrize("name", sorted(PROBES))
def test_probe_exact_or_unknown(tmp_path, name):
    pytest.importorskip("pydantic")
    pytest.importorskip("attrs")
    code, expect = PROBES[name]
    got, want = _count(tmp_path, code)
    if expect == "exact":
        assert got == want, (name, got, want)
    else:
        assert got is None, (name, got, want)


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_package_registry_exact_or_unknown(tmp_path, name):
    """Registries filled at import: only the modules the entry's import closure reaches count
    (review38 #2: ``envpkg/extra.py``, imported by nothing, counted 8 where torch has 6)."""
    files, code, expect = PACKAGES[name]
    got, want = _count(tmp_path, code, files=files)
    if expect == "exact":
        assert got == want, (name, got, want)
    else:
        assert got is None, (name, got, want)
