"""Session 23 (wildfix23b, issue #16): fresh21's dev part -- a tool failure, a wrong count.

- A bound of the analysis hit while the model is built (a loop past its iteration bound, the
  step / time / depth budget, the graph's node bound, Python's own stack) made the whole run a
  failure (exit 2: ``analysis stopped: while loop at line N runs over N iterations``). It now
  makes the model an honest unknown: ``params_total`` null, a note naming the bound and the
  file:line, exit 0/1 (analyze.py).
- ``list.pop()`` of an empty list raises Python's IndexError, which the caller's ``try``
  catches (weakref's ``_commit_removals`` pops until IndexError: it looped forever).
- ``module._modules = dict(module._modules)`` (or ``_parameters`` / ``_buffers``) replaces the
  registry torch reads (interp/regswap.py): after ``copy.copy(module)`` the twin gets its own
  dict, so a child set on it no longer replaces the original's (1,500 where torch has 1,650).
- ``driftcheck check A B C`` where one file fails: the others keep their answers (the JSON's
  ``models``, the same as each file alone), the JSON names the failed file under ``errors``
  and the exit is 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.conftest import ROOT
from tests.model_count_support import check_count_matches_torch, torch_count

pytest.importorskip("torch")


# ------------------------------------------------------------------ copy.copy + own registry
COPY = """
import copy
{imports}
import torch
import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, dim=24, out=6):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.out = nn.Linear(dim, out)
        self.scale = nn.Parameter(torch.ones(dim))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Tower()
        b = copy.copy(self.a)
        {swap}
        self.b = b
"""


@pytest.mark.parametrize(
    "imports, swap",
    [
        # the twin's own ``_modules``: its new head is its own, the body still shared
        ("", "b._modules = dict(b._modules)\n        b.out = nn.Linear(24, 12)"),
        # an OrderedDict, as torch's own registry is
        (
            "import collections",
            "b._modules = collections.OrderedDict(b._modules)\n        b.out = nn.Linear(24, 3)",
        ),
        # the twin's own ``_parameters``: a new ``scale`` on it alone
        ("", "b._parameters = dict(b._parameters)\n        b.scale = nn.Parameter(torch.ones(7))"),
        # no swap: the registry is shared, the new head replaces the original's too
        ("", "b.out = nn.Linear(24, 12)"),
        # an item written into the new dict registers, as in Python
        ("", "b._modules = dict(b._modules)\n        b._modules['extra'] = nn.Linear(24, 2)"),
    ],
)
def test_shallow_copy_with_its_own_registry_matches_torch(tmp_path, imports, swap) -> None:
    check_count_matches_torch(tmp_path, COPY.format(imports=imports, swap=swap))


def test_registry_replaced_by_an_unknown_value_is_unknown(tmp_path) -> None:
    p = tmp_path / "m.py"
    p.write_text(
        COPY.format(imports="import mystery", swap="b._modules = mystery.REGISTRY").replace(
            "nn.Linear(24, 12)", ""
        )
    )
    g = parse_source(p, entry="M")
    assert g.params_total() is None
    marked = {
        n.name for n in g.nodes if any("_modules replaced at m.py:" in u for u in n.unresolved)
    }
    # the twin's (and what it holds); the original's registry is its own
    assert "b" in marked and not any(n.split(".")[0] == "a" for n in marked), marked


# ------------------------------------------------------------------ list.pop -> IndexError
POP = """
import torch.nn as nn


def drain(pending, sizes):
    pop = pending.pop
    while True:
        try:
            n = pop()
        except IndexError:
            return sizes
        sizes.append(n)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        widths = drain({pending}, [])
        self.layers = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


@pytest.mark.parametrize("pending", ["[]", "[4, 5, 9]"])
def test_pop_until_index_error_matches_torch(tmp_path, pending) -> None:
    check_count_matches_torch(tmp_path, POP.format(pending=pending))


# ------------------------------------------------------------------ bounds: unknown, not exit 2
CLASS_LOOP = """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        n = 0
        while n >= 0:  # never ends
            n += 1
"""

MODULE_LOOP = """
import torch.nn as nn


def spin():
    n = 0
    while n >= 0:  # never ends
        n += 1
    return n


model = nn.Linear(spin(), 3)
"""


@pytest.mark.parametrize("src, line", [(CLASS_LOOP, 5), (MODULE_LOOP, 12)])
def test_a_bound_hit_is_an_unknown_with_a_note_and_exit_0(tmp_path, src, line) -> None:
    p = tmp_path / "spin.py"
    p.write_text(src)
    g = parse_source(p)
    assert g.params_total() is None
    notes = " ".join(g.notes)
    assert "runs over" in notes and f"{p}:{line}" in notes and "spin.py:" in notes, notes
    r = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", str(p), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode in (0, 1), r.stderr[-400:]
    assert json.loads(r.stdout)["params_total"] is None and not r.stderr.strip()


def test_past_the_graph_node_bound_is_an_unknown(tmp_path, monkeypatch) -> None:
    from driftcheck.parsers.source.output import builder

    p = tmp_path / "wide.py"
    p.write_text(
        "import torch.nn as nn\nmodel = nn.Sequential(*(nn.Linear(1, i) for i in range(1, 41)))\n"
    )
    assert parse_source(p).params_total() == torch_count(p, "model") == 2 * sum(range(1, 41))
    monkeypatch.setattr(builder, "MAX_NODES", 10)
    g = parse_source(p)
    assert g.params_total() is None
    assert any("over 10 nodes" in n for n in g.notes), g.notes


# ------------------------------------------------------------------ many files, one failing
GOOD_A = "import torch.nn as nn\nmodel = nn.Linear(4, 5)\n"
GOOD_B = textwrap.dedent(
    """
    import torch.nn as nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 7)
    """
)
BAD = "import torch.nn as nn\nclass Net(nn.Module:\n    pass\n"


def _check(*paths, fmt="json"):
    return subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", *map(str, paths), "--format", fmt],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=180,
    )


def test_one_failing_file_keeps_the_others_answers(tmp_path) -> None:
    a, bad, b = tmp_path / "a.py", tmp_path / "bad.py", tmp_path / "b.py"
    a.write_text(GOOD_A)
    bad.write_text(BAD)
    b.write_text(GOOD_B)
    alone = {}
    for p in (a, b):
        r = _check(p)
        assert r.returncode in (0, 1), r.stderr
        alone.update(json.loads(r.stdout)["models"])
    assert alone[str(a)]["params_total"] == 25 and alone[str(b)]["params_total"] == 28
    r = _check(a, bad, b)
    assert r.returncode == 2  # the failure is said by the exit code ...
    out = json.loads(r.stdout)  # ... and the others' answers are all there
    assert out["models"] == alone
    assert list(out["errors"]) == [str(bad)] and "syntax error" in out["errors"][str(bad)]
    assert "bad.py" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    # the text report (the pre-commit hook's format) scores both good files
    t = _check(a, bad, b, fmt="text")
    assert t.returncode == 2
    assert f"{a}: score" in t.stdout and f"{b}: score" in t.stdout, t.stdout


# ------------------------------------------------------------------ ABCMeta.__call__(cls, ...)
META = """
{imp}
import torch.nn as nn


class PostInit({base}):
    def __call__(cls, *args, **kwargs):
        obj = {call}(cls, *args, **kwargs)
        obj.__post_init__()
        return obj


class Base(nn.Module, metaclass=PostInit):
    def __post_init__(self):
        self.head = nn.Linear(self.width, 3)


class M(Base):
    def __init__(self, width=5, depth=1):
        super().__init__()
        self.width = width
        self.body = nn.Sequential(*(nn.Linear(4 if i == 0 else width, width) for i in range(depth)))


class Wrap(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = M(7, depth=2)
        self.b = M(width=2)
"""


@pytest.mark.parametrize(
    "imp, base, call",
    [
        ("from abc import ABCMeta", "ABCMeta", "ABCMeta.__call__"),
        ("import abc", "abc.ABCMeta", "abc.ABCMeta.__call__"),
        ("", "type", "type.__call__"),
    ],
)
def test_explicit_base_metaclass_call_matches_torch(tmp_path, imp, base, call) -> None:
    src = META.format(imp=imp, base=base, call=call)
    check_count_matches_torch(tmp_path, src)
    p = tmp_path / "wrap.py"
    p.write_text(textwrap.dedent(src))
    assert parse_source(p, entry="Wrap").params_total() == torch_count(p, "Wrap")


# ------------------------------------------------------------------ pydantic model_validate / copy
PYD = """
import torch.nn as nn
from pydantic import BaseModel, computed_field


class Cfg(BaseModel):
    in_ch: int = 1
    base: int = 16
    mults: tuple[int, ...] = (1, 2, 4)
    out_ch: int = 1

    @computed_field
    @property
    def widths(self) -> list[int]:
        return [self.base * m for m in self.mults]


cfg = {make}


class M(nn.Module):
    def __init__(self, c=cfg):
        super().__init__()
        w = c.widths
        self.inc = nn.Conv2d(c.in_ch, w[0], 3)
        self.down = nn.ModuleList(nn.Linear(a, b) for a, b in zip(w, w[1:]))
        self.outc = nn.Conv2d(w[0], c.out_ch, 1)
"""


@pytest.mark.parametrize(
    "make",
    [
        """Cfg.model_validate_json('{"in_ch": 3, "base": 8, "mults": [1, 2, 2, 4]}')""",
        """Cfg.model_validate({"in_ch": 2, "base": 4, "extra": 9}).model_copy(update={"out_ch": 5})""",
        """Cfg(base=4).model_copy(update={"mults": (1, 3)}, deep=True)""",
        """Cfg.model_construct(in_ch=6, mults=(2, 2))""",
        """Cfg.model_validate(Cfg(base=2))""",
    ],
)
def test_pydantic_model_validate_and_copy_match_torch(tmp_path, make) -> None:
    pytest.importorskip("pydantic")
    check_count_matches_torch(tmp_path, PYD.format(make=make))


# ------------------------------------------------------------------ attrs field(converter=...)
ATTRS = """
import attr
import attrs
import torch.nn as nn


def widths(text):
    return [int(w) for w in text.split(",")]


@attrs.define
class Net:
    hidden: int = attrs.field(converter=int, default="12")
    layers: int = 2


@{deco}
class Cfg:
    obs: int = {obs}
    net: Net = {net}
    sizes: list = attrs.field(converter=widths, default="3,5")


cfg = Cfg({args})


class M(nn.Module):
    def __init__(self, c=cfg):
        super().__init__()
        self.inp = nn.Linear(c.obs, c.net.hidden)
        self.body = nn.Sequential(*(nn.Linear(c.net.hidden, c.net.hidden) for _ in range(c.net.layers)))
        self.heads = nn.ModuleList(nn.Linear(c.net.hidden, s) for s in c.sizes)
"""


@pytest.mark.parametrize(
    "deco, obs, net, args",
    [
        # a dict from a document made a nested config; a string width made an int
        (
            "attrs.define",
            "attrs.field(converter=int)",
            "attrs.field(converter=lambda d: Net(**d))",
            "obs='7', net={'hidden': '9', 'layers': 3}",
        ),
        # the converter runs on the default too
        ("attrs.define", "4", "attrs.field(converter=lambda d: Net(**d), default={})", ""),
        # attr.s(auto_attribs=True) with attr.ib
        (
            "attr.s(auto_attribs=True)",
            "attr.ib(converter=int)",
            "attr.ib(converter=lambda d: Net(**d), default={'layers': 1})",
            "obs=5.9, sizes='2,2,8'",
        ),
    ],
)
def test_attrs_converters_match_torch(tmp_path, deco, obs, net, args) -> None:
    pytest.importorskip("attrs")
    check_count_matches_torch(tmp_path, ATTRS.format(deco=deco, obs=obs, net=net, args=args))


def test_attrs_converter_we_do_not_model_is_unknown(tmp_path) -> None:
    pytest.importorskip("attrs")
    src = ATTRS.format(
        deco="attrs.define",
        obs="attrs.field(converter=mystery.width)",
        net="attrs.field(converter=lambda d: Net(**d), default={})",
        args="obs=3",
    ).replace("import attr\n", "import attr\nimport mystery\n")
    p = tmp_path / "m.py"
    p.write_text(src)
    assert parse_source(p, entry="M").params_total() is None
