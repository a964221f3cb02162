"""``lazy_groups`` (``library/registry.py``): a group module of modelled callables is loaded
when a name under one of the prefixes it declares (``registry.GROUP_PREFIXES``) is first looked
up, not all fourteen at the first lookup. Every declaration must lie under its module's
prefixes (else a lazy lookup would miss it), lookups must give the same answers in any order
with the mechanism on and off (``DRIFTCHECK_SPEED_OFF=lazy_groups``), and the CLI's JSON and
exit code must be byte-identical, core and full install. Each case runs in a fresh process:
which modules a process has loaded is the state under test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from benchmarks import installs
from driftcheck.parsers.source.library import registry
from tests.conftest import ROOT

_PKG = "driftcheck.parsers.source.library."

# every declaration, with the group module that made it: Group(...), entries with their
# aliases and ``also=`` names, rule patterns (recorded before any group module is imported)
_DECLARATIONS = r"""
import json, sys
from driftcheck.parsers.source.library import registry as r
early = [m for m in r.GROUP_MODULES if "driftcheck.parsers.source.library." + m in sys.modules]
seen = []
init, add, rule = r.Group.__init__, r.Group.add, r.Group.rule
def init2(self, *a, **k):
    init(self, *a, **k)
    self._home = sys._getframe(1).f_globals["__name__"].rsplit(".", 1)[-1]
    seen.append([self._home, "group", self.module, *self.aliases])
def add2(self, name, fn, doc, *also):
    names = [f"{m}.{name}" for m in (self.module, *self.aliases)] + list(also)
    seen.append([self._home, "entry", *names])
    return add(self, name, fn, doc, *also)
def rule2(self, pattern, match, doc):
    seen.append([self._home, "rule", pattern])
    return rule(self, pattern, match, doc)
r.Group.__init__, r.Group.add, r.Group.rule = init2, add2, rule2
r.load()
print(json.dumps({"early": early, "seen": seen}))
"""

# each name's answer, in the order given on stdin; then the group modules loaded
_LOOKUPS = r"""
import json, sys
from driftcheck.parsers.source.library import registry as r
out = []
for q in json.load(sys.stdin):
    e = r.lookup(q)
    if e is None:
        out.append(None)
    elif isinstance(e, r.Entry):
        f = e.impl
        out.append(["entry", e.qual, e.group, e.doc, f.__module__, f.__qualname__, e.aliases])
    else:
        f = e.impl
        out.append(["rule", e.pattern, e.group, e.doc, f.__module__, f.__qualname__])
mods = [m for m in r.GROUP_MODULES if "driftcheck.parsers.source.library." + m in sys.modules]
print(json.dumps({"out": out, "loaded": mods}))
"""


def _py(script: str, stdin: str = "", off: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DRIFTCHECK_SPEED_OFF", None)
    if off:
        env["DRIFTCHECK_SPEED_OFF"] = "lazy_groups"
    p = subprocess.run(
        [sys.executable, "-c", script],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout)


def _covered(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _stem(pattern: str) -> str:
    """A rule pattern's literal head: ``torch.nn.init.*`` -> ``torch.nn.init``."""
    return pattern.split("*", 1)[0].rstrip(".")


@pytest.fixture(scope="module")
def declared() -> dict:
    return _py(_DECLARATIONS)


def test_every_declaration_is_under_its_modules_prefixes(declared):
    assert set(registry.GROUP_PREFIXES) == set(registry.GROUP_MODULES)
    homes = {home for home, *_ in declared["seen"]}
    assert homes == set(registry.GROUP_MODULES)  # every group module declares; none else does
    outside = []
    for home, kind, *names in declared["seen"]:
        for name in names if kind != "rule" else [_stem(names[0])]:
            if not _covered(name, registry.GROUP_PREFIXES[home]):
                outside.append((home, kind, name))
    assert outside == []
    # and no prefix is declared without a declaration under it
    for m, prefixes in registry.GROUP_PREFIXES.items():
        names = [n for h, k, *ns in declared["seen"] if h == m for n in ns]
        for p in prefixes:
            assert any(_covered(n, (p,)) or _covered(_stem(n), (p,)) for n in names), (m, p)


def test_no_name_can_match_rules_of_two_modules(declared):
    """Rules are asked in the order their modules loaded (lazily: the order names were
    looked up in); stems of different modules' rules never nest, so no name matches two."""
    stems = [(h, _stem(ns[0])) for h, k, *ns in declared["seen"] if k == "rule"]
    assert len({h for h, _ in stems}) >= 2
    for h1, s1 in stems:
        for h2, s2 in stems:
            if h1 != h2:
                assert not _covered(s1, (s2,)) and not _covered(s2, (s1,)), (s1, s2)


def test_lookups_are_identical_with_the_mechanism_off(declared):
    names = sorted({n for _, k, *ns in declared["seen"] if k == "entry" for n in ns})
    assert len(names) == len(registry.entries()) + sum(len(e.aliases) for e in registry.entries())
    probes = [
        "torch.nn.init.xavier_uniform_",
        "torch.nn.modules.module._addindent",
        "torch.nn.modules.utils._pair",
        "torch.nn.utils.parametrizations.weight_norm",
        "transformers.AutoModel.from_config",
        "transformers.utils.is_flash_attn_2_available",
        "transformers.utils.import_utils.is_torch_available",
        "transformers.PreTrainedModel",
        "numpy",
        "torch",
        "builtins",
        "mymodel.layers.Block",
        "xml.etree",
        "pandas.tseries.frequencies.nothing",
        "",
    ]
    # rare modules first, a common one first, and every name in two orders
    orders = [
        ["configparser.ConfigParser", *probes],
        ["builtins.len", *probes[::-1]],
        names + probes,
        probes + names[::-1],
    ]
    for order in orders:
        lazy = _py(_LOOKUPS, json.dumps(order))
        eager = _py(_LOOKUPS, json.dumps(order), off=True)
        assert lazy["out"] == eager["out"]
        assert eager["loaded"] == list(registry.GROUP_MODULES)
    hits = _py(_LOOKUPS, json.dumps(order))["out"]
    assert sum(h is not None and h[0] == "rule" for h in hits) >= 7


def test_a_lookup_loads_only_the_groups_it_may_need(declared):
    got = _py(_LOOKUPS, json.dumps(["builtins.len", "torch.nn.init.zeros_"]))
    assert got["out"][0][:2] == ["entry", "builtins.len"]
    assert got["out"][1][0] == "rule"
    loaded = set(got["loaded"])
    assert {"python", "torchfns"} <= loaded  # and what they import (stdlib, ...)
    assert not loaded & {"inifiles", "configtexts", "hf", "einopslib", "pydmodels", "pdoffsets"}
    none = _py(_LOOKUPS, json.dumps(["mymodel.Block"]))
    assert none["out"] == [None] and none["loaded"] == declared["early"] == []


# dev-part files of the wild corpus (as tests/test_cli_gc.py): a library model read as source
# and a pure-torch standalone file
FILES = [
    "benchmarks/wild/cases/diffusers/unet1d.py",
    "benchmarks/wild/standalone/nanogpt_train_args.py",
]


def _cli(mode: str, path: str, off: bool) -> tuple[int, str, str]:
    env = dict(os.environ, DRIFTCHECK_NO_CACHE="1", PYTHONPATH=str(ROOT))
    vendor = ROOT / "benchmarks" / "wild" / ".vendor"
    if vendor.is_dir():
        env["PYTHONPATH"] += os.pathsep + str(vendor)
    env.pop("DRIFTCHECK_SPEED_OFF", None)
    if off:
        env["DRIFTCHECK_SPEED_OFF"] = "lazy_groups"
    p = subprocess.run(
        [sys.executable, "-c", installs.cli(mode), "check", path, "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("mode", ["core", "full"])
@pytest.mark.parametrize("path", FILES)
def test_cli_outputs_identical_with_lazy_groups_off(mode, path):
    if mode == "full" and not (ROOT / "benchmarks" / "wild" / ".vendor").is_dir():
        pytest.skip("wild libraries' vendored sources absent")
    on = _cli(mode, path, off=False)
    off = _cli(mode, path, off=True)
    assert on[0] in (0, 1), on[2][-500:]
    assert on[:2] == off[:2]
    assert '"params_total"' in on[1]
