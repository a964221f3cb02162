"""The result cache's key and code fingerprint (session 36, hygiene36).

- Every ``DRIFTCHECK_*`` variable the code names is declared once in ``driftcheck/switches.py``
  as answer-changing or neutral; the key carries exactly the answer-changing ones, so an
  output-only variable (``DRIFTCHECK_PATHS`` differs per pull request) no longer costs a miss,
  while a forward rule's switch still keys.
- The code fingerprint's walk (about 5 ms) is paid only where the cache is on, and a result
  computed while driftcheck's files changed under the process (lazily imported code may then
  be the new one) is returned but not stored (compare-and-store).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from driftcheck import switches
from driftcheck.parsers import cache

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "driftcheck"
NAME = re.compile(r"DRIFTCHECK_[A-Z0-9_]*[A-Z0-9]")


def _named() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for p in sorted(PKG.rglob("*.py")):
        text = p.read_text(encoding="utf-8")
        for m in NAME.finditer(text):
            found.setdefault(m.group(), []).append(str(p.relative_to(ROOT)))
    return found


def test_every_switch_the_code_names_is_registered():
    named = _named()
    unregistered = {k: v for k, v in named.items() if k not in switches.ALL}
    assert not unregistered, f"declare these in driftcheck/switches.py: {unregistered}"
    assert not set(switches.ANSWERS) & set(switches.NEUTRAL)
    # every declared switch is read somewhere outside the registry itself
    outside = {k for k, where in named.items() if any(w != "driftcheck/switches.py" for w in where)}
    stale = set(switches.ALL) - outside
    assert not stale, f"declared but read nowhere: {stale}"
    for k, meaning in switches.ALL.items():
        assert meaning.strip() and "\n" not in meaning, k


def test_no_switch_name_is_built_at_run_time():
    """A name assembled from pieces (``"DRIFTCHECK_" + x``, an f-string) escapes the grep."""
    bad = []
    pat = re.compile(r"""["']DRIFTCHECK_["']|DRIFTCHECK_\{""")
    for p in sorted(PKG.rglob("*.py")):
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if pat.search(line):
                bad.append(f"{p.relative_to(ROOT)}:{i}: {line.strip()}")
    assert not bad, bad


@pytest.mark.parametrize("name", sorted(switches.NEUTRAL))
def test_neutral_switch_leaves_the_key(monkeypatch, name):
    for k in switches.ALL:
        monkeypatch.delenv(k, raising=False)
    plain = cache.make_key("graph", {"a": 1})
    monkeypatch.setenv(name, "1")
    assert cache.make_key("graph", {"a": 1}) == plain


@pytest.mark.parametrize("name", sorted(switches.ANSWERS))
def test_answer_switch_is_in_the_key(monkeypatch, name):
    for k in switches.ALL:
        monkeypatch.delenv(k, raising=False)
    plain = cache.make_key("graph", {"a": 1})
    monkeypatch.setenv(name, "1")
    assert cache.make_key("graph", {"a": 1}) != plain
    monkeypatch.setenv(name, "0")  # a value is in the key, not only the name
    other = cache.make_key("graph", {"a": 1})
    assert other not in (plain, cache.make_key("graph", {"a": 2}))


def test_a_forward_rule_switch_really_changes_an_answer(tmp_path, monkeypatch, capsys):
    """Keying on ANSWERS is needed: one of them changes a verdict torch confirms."""
    from tests.crash_rule_support import blockers, torch_crashes, write
    from tests.test_crash35c import HEAD, MODELS

    name = "reduction_none_literal"
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    assert torch_crashes(path, shape, kind)
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.delenv("DRIFTCHECK_NO_FIX35C", raising=False)
    assert blockers(path, shape, capsys)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX35C", "1")
    assert not blockers(path, shape, capsys)


PROBE_IMPORT = (
    "from driftcheck.parsers import cache\nprint(cache.code_fingerprint.cache_info().currsize)\n"
)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DRIFTCHECK_")}
    env.update(PYTHONPATH=str(ROOT), **extra)
    return env


@pytest.mark.parametrize(
    "extra, walked",
    [
        ({}, "1"),
        ({"DRIFTCHECK_NO_CACHE": "1"}, "0"),
        ({"DRIFTCHECK_SPEED_OFF": "result_cache,derived"}, "0"),
        ({"DRIFTCHECK_SPEED_OFF": "result_cache"}, "1"),  # the derived tables still store
        ({"DRIFTCHECK_SPEED_OFF": "all"}, "0"),
        ({"DRIFTCHECK_SPEED_OFF": "no_such_name"}, "1"),  # the command's error, not the import's
    ],
)
def test_fingerprint_walk_only_where_the_cache_is_on(extra, walked):
    r = subprocess.run(
        [sys.executable, "-c", PROBE_IMPORT],
        capture_output=True,
        text=True,
        env=_env(**extra),
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == walked


PROBE_STORE = """
import sys
from pathlib import Path
from driftcheck.graph.model import Graph
from driftcheck.parsers import cache, derived
edit = sys.argv[1] if len(sys.argv) > 1 else None

def compute():
    if edit:  # driftcheck's files change while the answer is computed
        with open(edit, "a") as f:
            f.write("\\n# edited while a run was under way\\n")
    return Graph(name="probe")

g = cache.cached_graph("graph", {"probe": 1}, compute)
assert g.name == "probe"
v = derived.derived("probe", [Path(cache.__file__)], lambda: (compute(), 7)[1])
assert v == 7
root = cache.cache_dir()
print(len(list((root / "graphs").glob("*.json"))), len(list((root / "derived").glob("*.json"))))
"""


def test_result_computed_while_code_changed_is_not_stored(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(PKG, tree / "driftcheck", ignore=shutil.ignore_patterns("__pycache__"))
    edited = tree / "driftcheck" / "graph" / "model.py"

    def run(cache_dir: Path, *args: str) -> str:
        env = _env(DRIFTCHECK_CACHE_DIR=str(cache_dir))
        env["PYTHONPATH"] = str(tree)
        r = subprocess.run(
            [sys.executable, "-c", PROBE_STORE, *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
        assert r.returncode == 0, r.stderr[-2000:]
        return r.stdout.strip()

    assert run(tmp_path / "c1") == "1 1"  # unchanged code: both layers store
    assert run(tmp_path / "c2", str(edited)) == "0 0"  # edited mid-run: neither stores
    assert run(tmp_path / "c2") == "1 1"  # the next run, on the new code, stores


def test_forward_rules_read_no_environment_per_call():
    """The forward call hooks run at every call in ``forward``: their switches come from the
    pass's snapshot (``Flow.switches``), never from ``os.environ`` at the call."""
    fwd = PKG / "parsers" / "source" / "forward"
    bad = [
        f"{p.name}:{i}"
        for p in sorted(fwd.glob("dataflow_fix*.py"))
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "os.environ" in line or "getenv(" in line
    ]
    assert not bad, bad
