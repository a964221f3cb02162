"""``spec_no_import`` (parsers/source/loader.py): locating ``distutils`` runs no third-party code.

setuptools installs a meta-path finder (``_distutils_hack``, via ``distutils-precedence.pth``)
ahead of the import system's own. ``importlib.util.find_spec("distutils")`` asks it first, and it
imports ``setuptools._distutils`` (setuptools itself: ~90 ms CPU, and code executed on the
static path) to answer with that package's origin. The loader now rebuilds that answer from
where setuptools lies on disk. These tests hold it to the import system's answers: for every
top-level name the wild corpora and the installed libraries they import name, the spec
(name, origin, search locations) and the directories the ``Finder`` searches are the same with
the mechanism on and off, in two lookup orders (``pip`` before ``distutils`` makes the hack give
stdlib distutils back) and under the core install's finder with the vendored libraries on the
path. Only lookups are compared: no analysis output of any corpus file is read. A check of a
dev wild file that reaches distutils (performer_pytorch imports ``distutils.version``) prints
the same JSON on and off, core and full, and on imports no setuptools.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import installs

ROOT = Path(__file__).resolve().parent.parent
WILD = ROOT / "benchmarks" / "wild"
VENDOR = WILD / ".vendor"
FILE = "benchmarks/wild/cases/performer_pytorch/lm_causal.py"  # a dev wild case
_HACK = any(type(f).__module__ == "_distutils_hack" for f in sys.meta_path)
_IMPORT = re.compile(r"^\s*(?:from|import)\s+([A-Za-z_]\w*)", re.M)
_PACKAGE_FILES_MAX = 400  # torch / transformers-sized packages are not walked (their names
# are the same stdlib and scientific names, and reading them would take minutes here)

_CHILD = """
import json, sys
from pathlib import Path
from driftcheck.parsers.source import loader
names = json.loads(sys.argv[1])
finder = loader.Finder([Path(sys.argv[2])])
out = {}
for n in names:
    try:
        s = loader._top_spec(n)
        spec = None if s is None else [s.name, s.origin, list(s.submodule_search_locations or [])]
    except (ImportError, ValueError) as e:
        spec = type(e).__name__
    out[n] = [spec, [str(d) for d in finder._top_dirs(n)]]
hack = any(type(f).__module__ == "_distutils_hack" for f in sys.meta_path)
print(json.dumps({"out": out, "setuptools": "setuptools" in sys.modules, "hack": hack}))
"""


def _names(text: str) -> set[str]:
    return set(_IMPORT.findall(text))


def _corpus_names() -> list[str]:
    """Top-level names the wild corpora import, and those the installed or vendored packages
    they import import in turn (one level; packages of more than 400 files are not read)."""
    files = [p for p in WILD.rglob("*.py") if ".vendor" not in p.parts]
    names: set[str] = set()
    for p in files:
        names |= _names(p.read_text(errors="replace"))
    more: set[str] = set()
    for n in sorted(names):
        try:
            spec = importlib.util.find_spec(n) if n != "distutils" else None
        except (ImportError, ValueError):
            continue
        locs = list(spec.submodule_search_locations or []) if spec else []
        if not locs and (VENDOR / n).is_dir():
            locs = [str(VENDOR / n)]
        for loc in locs:
            pkg = [q for q in Path(loc).rglob("*.py")]
            if len(pkg) > _PACKAGE_FILES_MAX:
                continue
            for q in pkg:
                more |= _names(q.read_text(errors="replace"))
    return sorted(names | more | {"distutils", "pip", "setuptools"})


def _lookups(names: list[str], off: bool, core: bool) -> dict:
    program = (installs.prelude("core") if core else "") + _CHILD
    path = str(ROOT) + (os.pathsep + str(VENDOR) if core and VENDOR.is_dir() else "")
    env = dict(os.environ, PYTHONPATH=path, DRIFTCHECK_SPEED_OFF="spec_no_import" if off else "")
    p = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", program, json.dumps(names), str(WILD / "cases")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout)


@pytest.fixture(scope="module")
def names() -> list[str]:
    out = _corpus_names()
    # names setuptools vendors (more_itertools...): importing setuptools, as the off path does
    # by design, puts its ``_vendor`` folder on sys.path, so they are found off only
    st = importlib.util.find_spec("setuptools")
    vend = Path(st.origin).parent / "_vendor" if st and st.origin else None
    if vend is not None and vend.is_dir():
        shim = {p.name.removesuffix(".py") for p in vend.iterdir()}
        out = [n for n in out if n not in shim or importlib.util.find_spec(n) is not None]
    assert "distutils" in out and "torch" in out and len(out) > 100
    return out


@pytest.mark.parametrize("core", [False, True], ids=["plain", "core+vendor"])
@pytest.mark.parametrize("order", ["sorted", "pip-first"])
def test_specs_and_dirs_identical_on_and_off(names, order, core):
    if order == "pip-first":
        names = ["pip", *[n for n in names if n != "pip"]]
    on = _lookups(names, off=False, core=core)
    off = _lookups(names, off=True, core=core)
    assert on["out"] == off["out"]
    assert not on["setuptools"]
    if order == "sorted" and on["hack"] and on["out"]["distutils"][1]:
        # the case the mechanism exists for (setuptools' shim installed and setuptools on
        # disk): off, the lookup imported setuptools
        assert off["setuptools"]


@pytest.mark.parametrize("mode", ["core", "full"])
def test_check_json_identical_and_no_setuptools(mode):
    program = installs.cli(mode).replace(
        "sys.exit(rc)",
        "print('setuptools' in sys.modules, file=sys.stderr)\nsys.exit(rc)",
    )
    runs = {}
    for off in ("", "spec_no_import"):
        env = dict(
            os.environ,
            PYTHONPATH=str(ROOT) + os.pathsep + str(VENDOR),
            DRIFTCHECK_NO_CACHE="1",
            DRIFTCHECK_SPEED_OFF=off,
        )
        p = subprocess.run(
            [sys.executable, "-W", "ignore", "-c", program, "check", FILE, "--format", "json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=600,
        )
        assert p.returncode in (0, 1), p.stderr[-2000:]
        runs[off] = (p.returncode, p.stdout, p.stderr.strip().splitlines()[-1])
    assert runs[""][:2] == runs["spec_no_import"][:2]
    assert runs[""][2] == "False"
    if _HACK and importlib.util.find_spec("performer_pytorch") is not None:
        assert runs["spec_no_import"][2] == "True"  # the file does reach distutils
