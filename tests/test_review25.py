"""Session 25 review (review25): the shared tie rule, the crash templates' one registry, and
the opt-in ``--assume-env-defaults`` flag."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

TIES = """
import torch.nn as nn


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(96, 16)
        self.proj = nn.Linear(16, 16)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(96, 16)
        self.encoder = Stack()
        self.decoder = Stack()
        self.encoder.embed_tokens.weight = self.shared.weight
        self.decoder.embed_tokens.weight = self.shared.weight
        self.lm_head = nn.Linear(16, 96, bias=False)
HEAD_TIE

    def forward(self, src, tgt):
        h = self.encoder.proj(self.encoder.embed_tokens(src))
        y = self.decoder.proj(self.decoder.embed_tokens(tgt)) + h.mean(1, keepdim=True)
        return self.lm_head(y)
"""


def _no_drift(out: str) -> bool:
    """No finding of minor or above: none at all, or only info ones (an unknown size said as
    unknown: session 35, unknown35), and the unknown named."""
    last = out.strip().splitlines()[-1]
    if last == "no findings":
        return True
    return re.fullmatch(r"\d+ findings?: \d+ info", last) is not None and "unknown" in out


@pytest.mark.parametrize("head_tie", [False, True])
def test_input_share_one_rule_for_stated_and_derived_tie(tmp_path: Path, head_tie: bool) -> None:
    """Input tables sharing ``shared`` are no head tie; a head sharing it is. The source
    parser's fact and the matcher's derived fact apply the one ``input_share`` rule and agree
    with torch's ``lm_head.weight is shared.weight``."""
    from driftcheck.graph.match import canonicalise
    from driftcheck.graph.match.derive import derive
    from driftcheck.graph.model import input_share
    from driftcheck.parsers.source import parse_source

    tie = "        self.lm_head.weight = self.shared.weight" if head_tie else ""
    path = tmp_path / "m.py"
    path.write_text(TIES.replace("HEAD_TIE", tie))
    m = runpy.run_path(str(path))["M"]()
    truth = m.lm_head.weight is m.shared.weight
    assert truth is head_tie
    assert m.encoder.embed_tokens.weight is m.shared.weight

    g = parse_source(str(path), entry="M")
    stated = g.facts.get("tieWordEmbeddings")
    assert (stated.value if stated else False) is truth
    items, _ = canonicalise(g, g)
    derived = derive(items).get("tieWordEmbeddings")
    assert (derived.value if derived else False) is truth

    tables = {n.id for n in g.nodes if n.type == "Embedding"}
    enc = next(n for n in g.nodes if n.id == "encoder/embed_tokens")
    assert input_share(enc, tables)
    head = next(n for n in g.nodes if n.id == "lm_head")
    assert not input_share(head, tables)  # no table: its share is a head tie


def test_crash_batches_share_one_template_registry() -> None:
    """Every ``templates*.py`` batch takes ``T`` and ``template`` from ``templates.registry``
    (one definition, 17 copies before), each batch with a table of its own."""
    import sys

    crash = Path(__file__).resolve().parents[1] / "benchmarks" / "crash"
    files = sorted(crash.glob("templates*.py"))
    assert len(files) >= 17
    for f in files:
        text = f.read_text()
        assert "def template(" not in text or f.name == "templates.py", f.name
        assert "T, template = registry()" in text, f.name
    sys.path.insert(0, str(crash))
    try:
        from templates import registry
    finally:
        sys.path.remove(str(crash))
    t1, deco1 = registry()
    t2, _ = registry()
    src = deco1("a", "(2, 3)", "tokens")("class Net: ...")
    assert src == "class Net: ..."
    assert t1 == {"a": {"src": src, "input": "(2, 3)", "kind": "tokens"}} and t2 == {}


ENV_MODEL = """
import os

import torch.nn as nn

WIDTH = int(os.environ.get("R25_WIDTH", "64"))
DEPTH = int(os.getenv("R25_DEPTH", default=3))
WRITE


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(WIDTH, WIDTH) for _ in range(DEPTH)])
        self.head = nn.Linear(WIDTH, 10)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(x)
"""
R25 = ("R25_WIDTH", "R25_DEPTH")


def _env_model(tmp_path: Path, write: str = "") -> Path:
    path = tmp_path / "env_model.py"
    path.write_text(ENV_MODEL.replace("WRITE", write))
    return path


def _torch_count(path: Path, monkeypatch) -> int:
    """CPython and torch in a clean environment (the launch the flag assumes)."""
    for k in R25:
        monkeypatch.delenv(k, raising=False)
    m = runpy.run_path(str(path))["M"]()
    return sum(p.numel() for p in m.parameters())


def _graph_json(path: Path, capsys, *flags: str) -> dict:
    import json

    from driftcheck.cli import main

    capsys.readouterr()
    assert main(["graph", str(path), "--format", "json", *flags]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("shell", [None, "128"])
def test_assume_env_defaults_takes_the_default_with_a_note(tmp_path, capsys, monkeypatch, shell):
    """Off (the default): the environment reads stay unknown, no note, whatever the analyst's
    shell holds. On: the default, torch's count in a clean environment, one note per read --
    and the analyst's own ``R25_WIDTH=128`` is never taken for the launch's."""
    path = _env_model(tmp_path)
    truth = _torch_count(path, monkeypatch)
    assert truth == 3 * (64 * 64 + 64) + 64 * 10 + 10
    if shell is not None:
        monkeypatch.setenv("R25_WIDTH", shell)
    off = _graph_json(path, capsys)
    assert off["params_total"] is None
    assert not any("assume-env-defaults" in n for n in off["notes"])
    on = _graph_json(path, capsys, "--assume-env-defaults")
    assert on["params_total"] == truth
    notes = [n for n in on["notes"] if "--assume-env-defaults" in n]
    assert len(notes) == 2 and any("R25_WIDTH" in n and "'64'" in n for n in notes)
    assert any(n.startswith(f"{path}:7:") and "R25_DEPTH" in n for n in notes)


@pytest.mark.parametrize(
    "write",
    [
        'os.environ["R25_WIDTH"] = "32"',  # the program writes the key itself
        "os.environ.update({})",  # or the environment at large
    ],
)
def test_assume_env_defaults_stays_unknown_where_the_program_writes(tmp_path, capsys, write):
    path = _env_model(tmp_path, write)
    on = _graph_json(path, capsys, "--assume-env-defaults")
    assert on["params_total"] is None


def test_assume_env_defaults_no_default_stays_unknown(tmp_path, capsys):
    """``os.getenv(K)`` has no default to assume (the code expects ``K`` set): unknown."""
    path = tmp_path / "nodefault.py"
    path.write_text(
        _env_model(tmp_path)
        .read_text()
        .replace('os.getenv("R25_DEPTH", default=3)', 'os.getenv("R25_DEPTH")')
    )
    on = _graph_json(path, capsys, "--assume-env-defaults")
    assert on["params_total"] is None
    assert sum("--assume-env-defaults" in n for n in on["notes"]) == 1  # WIDTH only


def test_assume_env_defaults_check_compare_config_and_hooks(tmp_path, capsys, monkeypatch):
    """check (flag and ``[tool.driftcheck]`` key), compare and both hooks pass the flag on,
    each saying which values it decided; off, compare sees no drift (both unknown)."""
    import json

    from driftcheck import hooks
    from driftcheck.cli import main

    for k in R25:
        monkeypatch.delenv(k, raising=False)
    left = _env_model(tmp_path)
    (tmp_path / "b").mkdir()
    right = tmp_path / "b" / "env_model.py"
    right.write_text(left.read_text().replace('"64"', '"32"'))
    truth = _torch_count(left, monkeypatch)

    def run(*argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        rc = main(list(argv))
        got = capsys.readouterr()
        return rc, got.out, got.err

    rc, out, _ = run("check", str(left), "--format", "json")
    assert "env_defaults_assumed" not in json.loads(out)
    rc, out, _ = run("check", str(left), "--format", "json", "--assume-env-defaults")
    data = json.loads(out)
    assert len(data["env_defaults_assumed"]) == 2 and data["params_total"] == truth
    rc, out, _ = run("check", str(left), "--assume-env-defaults")
    assert out.count("note: ") == 2
    (tmp_path / "pyproject.toml").write_text("[tool.driftcheck]\nassume-env-defaults = true\n")
    rc, out, _ = run("check", str(left), "--format", "json")
    assert json.loads(out)["params_total"] == truth
    (tmp_path / "pyproject.toml").write_text('[tool.driftcheck]\nassume-env-defaults = "yes"\n')
    rc, out, err = run("check", str(left))
    assert rc == 2 and "assume-env-defaults must be true or false" in err
    assert len(err.strip().splitlines()) == 1
    (tmp_path / "pyproject.toml").unlink()

    rc, out, err = run("compare", str(left), str(right))
    assert _no_drift(out) and "assume-env-defaults" not in err
    rc, out, err = run("compare", str(left), str(right), "--assume-env-defaults")
    assert "64" in out and "32" in out and rc == 1
    assert err.count("--assume-env-defaults") == 4

    capsys.readouterr()
    assert hooks.check_main(["--assume-env-defaults", str(left)]) == 0
    assert capsys.readouterr().out.count("note: ") == 2
    pair = f"{left}={right}"
    assert hooks.compare_main(["--pair", pair, "--always"]) == 0
    assert hooks.compare_main(["--pair", pair, "--always", "--assume-env-defaults"]) == 1


PICKLED = """
import pickle

import torch.nn as nn


def hook(*args):
    return None


class M(nn.Module):
    def __init__(self):
        super().__init__()
        fc = nn.Linear(4, 5)
        fc.REGISTER(HOOK)
        self.a = pickle.loads(pickle.dumps(fc))
        self.b = nn.Linear(5, 2)

    def forward(self, x):
        return self.b(self.a(x))
"""


@pytest.mark.parametrize(
    "register",
    [
        "register_full_backward_hook",
        "register_full_backward_pre_hook",
        "register_state_dict_pre_hook",
        "register_load_state_dict_post_hook",
    ],
)
@pytest.mark.parametrize("hook", ["hook", "lambda *a: None"])
def test_pickle_of_a_module_holding_a_hook(tmp_path, monkeypatch, register, hook):
    """torch keeps every registered hook in the module, and ``pickle.dumps`` pickles it: a
    lambda hook raises (``Can't pickle local object``), a top-level function pickles by name.
    The count was 37 for both (a confident count of a model torch cannot build); now unknown
    for the lambda, torch's count for the function."""
    import importlib
    import sys

    from driftcheck.parsers.source import parse_source

    name = f"r25_pickled_{register}_{'fn' if hook == 'hook' else 'lambda'}"
    path = tmp_path / f"{name}.py"
    path.write_text(PICKLED.replace("REGISTER", register).replace("HOOK", hook))
    monkeypatch.syspath_prepend(str(tmp_path))
    mod = importlib.import_module(name)  # importable by name, as pickle needs
    try:
        m = mod.M()
        truth = sum(p.numel() for p in m.parameters())
    except (AttributeError, TypeError, pickle_error()) as e:
        assert hook != "hook", e
        truth = None
    finally:
        sys.modules.pop(name, None)
    assert (truth is None) is (hook != "hook")
    assert parse_source(str(path), entry="M").params_total() == truth


def pickle_error() -> type:
    import pickle

    return pickle.PicklingError
