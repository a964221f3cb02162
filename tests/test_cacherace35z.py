"""The result cache never serves an answer computed by other code or under other switches
(session 35, cacherace35).

- ``DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS`` / ``DRIFTCHECK_NO_ALIAS_CHECK`` change what the
  interpreter computes (``interp/aliasing.py``); the key left them out, so a debug run left its
  answers in the user's cache and the next plain run was served them (a params total made
  unknown, or worse a value the alias check exists to doubt). Each step runs in its own process
  sharing one cache directory, as the pre-commit hook's parallel processes do.
- The code fingerprint is taken when the cache module is imported: a process whose files are
  edited while it runs (a merge into the tree an editable install points at) used to take it at
  its first lookup, after the edit, and file its old code's answers under the new code's key.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "benchmarks" / "reimpl" / "configs" / "llama" / "config.json"
INJECT = "modeling_llama.py:ACT2FN"

PROBE = """
import json, sys
from driftcheck.parsers.hf import config_graph
g, _ = config_graph(sys.argv[1])
print(json.dumps({"graph": g.model_dump(), "debug": [n for n in g.notes if "DEBUG" in n]},
                 sort_keys=True, default=str))
"""


def _run(env_extra: dict[str, str], cache_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DRIFTCHECK_")}
    env.update(PYTHONPATH=str(ROOT), DRIFTCHECK_CACHE_DIR=str(cache_dir), **env_extra)
    r = subprocess.run(
        [sys.executable, "-c", PROBE, str(CONFIG)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def test_debug_switch_run_does_not_poison_the_cache(tmp_path):
    cache_dir = tmp_path / "cache"
    truth = _run({"DRIFTCHECK_NO_CACHE": "1"}, tmp_path / "unused")
    injected = _run({"DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS": INJECT}, cache_dir)
    # the switch really changes the answer (else this test could not fail)
    assert injected["debug"] and not truth["debug"]
    assert injected["graph"] != truth["graph"]
    assert list((cache_dir / "graphs").glob("*.json")), "the debug run stored its graph"
    plain = _run({}, cache_dir)  # same code, same config, switch off: must not be served it
    assert plain == truth
    again = _run({}, cache_dir)  # and the plain answer is then a hit
    assert again == truth


def test_alias_check_switch_is_in_the_key(monkeypatch):
    from driftcheck.parsers import cache

    monkeypatch.delenv("DRIFTCHECK_NO_ALIAS_CHECK", raising=False)
    plain = cache.make_key("graph", {"a": 1})
    monkeypatch.setenv("DRIFTCHECK_NO_ALIAS_CHECK", "1")
    assert cache.make_key("graph", {"a": 1}) != plain
    monkeypatch.delenv("DRIFTCHECK_NO_ALIAS_CHECK")
    # where the cache lives decides no answer
    monkeypatch.setenv("DRIFTCHECK_CACHE_DIR", "/nonexistent/elsewhere")
    assert cache.make_key("graph", {"a": 1}) == plain


def test_fingerprint_is_the_code_the_process_imported(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(
        ROOT / "driftcheck",
        tree / "driftcheck",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    edited = tree / "driftcheck" / "graph" / "model.py"
    probe = (
        "import sys\n"
        "from driftcheck.parsers import cache\n"
        "if len(sys.argv) > 1:\n"
        "    with open(sys.argv[1], 'a') as f:\n"
        "        f.write('\\n# edited while a run was under way\\n')\n"
        "print(cache.code_fingerprint())\n"
    )
    env = dict(os.environ, PYTHONPATH=str(tree))

    def fingerprint(*args: str) -> str:
        r = subprocess.run(
            [sys.executable, "-c", probe, *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
        assert r.returncode == 0, r.stderr[-2000:]
        return r.stdout.strip()

    before = fingerprint()
    during = fingerprint(str(edited))  # imported the old code, then the file changed
    after = fingerprint()  # a fresh process: the new code
    assert during == before
    assert after != before
