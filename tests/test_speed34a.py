"""``cli_stack_chunk`` (``driftcheck.speed.one_chunk``, put in force by ``cli.main``): the
command's outer frame reserves stack slots it never uses, so CPython allocates one big
data-stack chunk for it and the command's deeper frames share that chunk (no 16 KiB chunk
mmap/munmap at a hot call depth, CPython gh-142183). It changes no output: the same files give
byte-identical JSON and the same exit code with it on and off, on the core and the full install;
the twin function has the original's behaviour, name and defaults.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from benchmarks import installs
from driftcheck import cli
from driftcheck.speed import ONE_CHUNK_SLOTS, Speed, one_chunk, switched_off
from tests.conftest import ROOT

# dev-part files of the wild corpus: the file whose hot call sat on a chunk boundary at the end
# of session 33 (diffusers' UNet2DConditionModel read as source), and a pure-torch
# standalone file (graph)
FILES = [
    ("check", "benchmarks/wild/cases/diffusers/unet2d_condition_config.py"),
    ("graph", "benchmarks/wild/standalone/lora_linear.py"),
]


def _run(mode: str, cmd: str, path: str, off: bool) -> tuple[int, str, str]:
    env = dict(os.environ, DRIFTCHECK_NO_CACHE="1", PYTHONPATH=str(ROOT))
    vendor = ROOT / "benchmarks" / "wild" / ".vendor"
    if vendor.is_dir():
        env["PYTHONPATH"] += os.pathsep + str(vendor)
    env.pop("DRIFTCHECK_SPEED_OFF", None)
    if off:
        env["DRIFTCHECK_SPEED_OFF"] = "cli_stack_chunk"
    p = subprocess.run(
        [sys.executable, "-c", installs.cli(mode), cmd, path, "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("mode", ["core", "full"])
@pytest.mark.parametrize(("cmd", "path"), FILES)
def test_outputs_identical_with_the_stack_chunk_off(mode, cmd, path):
    if mode == "full" and not (ROOT / "benchmarks" / "wild" / ".vendor").is_dir():
        pytest.skip("wild libraries' vendored sources absent")
    on = _run(mode, cmd, path, off=False)
    off = _run(mode, cmd, path, off=True)
    assert on[0] in (0, 1), on[2][-500:]
    assert on[0] == off[0]
    assert on[1] == off[1]
    assert '"params_total"' in on[1] or cmd == "graph"


def test_the_switch_is_a_speed_mechanism_read_leniently():
    assert "cli_stack_chunk" in Speed.names()
    assert not switched_off("cli_stack_chunk", {})
    assert switched_off("cli_stack_chunk", {"DRIFTCHECK_SPEED_OFF": "tree_memos,cli_stack_chunk"})
    assert switched_off("cli_stack_chunk", {"DRIFTCHECK_SPEED_OFF": "all"})


def test_the_twin_reserves_the_slots_and_behaves_as_the_original():
    def f(a, b=2, *, c=3):
        return a + b + c

    g = one_chunk(f)
    assert g is not f
    assert g.__code__.co_stacksize == f.__code__.co_stacksize + ONE_CHUNK_SLOTS
    assert g.__code__.co_code == f.__code__.co_code
    assert (g.__name__, g.__qualname__, g.__defaults__, g.__kwdefaults__) == (
        f.__name__,
        f.__qualname__,
        f.__defaults__,
        f.__kwdefaults__,
    )
    assert g(1) == f(1) == 6 and g(1, 1, c=1) == f(1, 1, c=1) == 3
    # the CLI's twin is the command function's, the same depth as the plain path
    assert cli._command_one_chunk.__code__.co_code == cli._command.__code__.co_code
    assert cli._command_one_chunk.__globals__ is cli._command.__globals__


def test_a_closure_keeps_its_cells_and_the_recursion_limit_is_unchanged():
    k = 5

    def inner(n):
        return k if n == 0 else inner(n - 1)

    g = one_chunk(inner)
    assert g(50) == inner(50) == 5

    def depth(n):
        try:
            return depth(n + 1)
        except RecursionError:
            return n

    assert abs(one_chunk(depth)(0) - depth(0)) <= 1
