"""The CLI process's speed mechanisms, put in force by ``cli.main``: ``cli_gc``
(``driftcheck.speed.cli_process``: a command runs with the cyclic collector off, no young
collection after its analyses, the heap frozen at exit) and ``cli_no_plugin_scan``
(``speed.pydantic_plugins_skipped``: pydantic's scan of every installed distribution's entry
points for plugins is skipped). They change no output: the same files give byte-identical JSON
and the same exit code with them on and off (``DRIFTCHECK_SPEED_OFF=cli_gc,cli_no_plugin_scan``),
on the core install (what the hook and the Action install) and the full one. A process that
calls ``main`` itself keeps its collector and its environment.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import pytest

from benchmarks import installs
from driftcheck.speed import CLI_PROCESS, cli_process, pydantic_plugins_skipped, switched_off
from tests.conftest import ROOT

# dev-part files of the wild corpus: a library model read as source (diffusers, timm on the
# core install: transformers-free, torch from the shipped tables) and pure-torch standalone
# files (check and graph)
FILES = [
    ("check", "benchmarks/wild/cases/diffusers/unet1d.py"),
    ("check", "benchmarks/wild/cases/timm/create_resnet10t.py"),
    ("check", "benchmarks/wild/standalone/nanogpt_train_args.py"),
    ("graph", "benchmarks/wild/standalone/lora_linear.py"),
]


def _run(mode: str, cmd: str, path: str, off: bool) -> tuple[int, str, str]:
    env = dict(os.environ, DRIFTCHECK_NO_CACHE="1", PYTHONPATH=str(ROOT))
    vendor = ROOT / "benchmarks" / "wild" / ".vendor"
    if vendor.is_dir():
        env["PYTHONPATH"] += os.pathsep + str(vendor)
    env.pop("DRIFTCHECK_SPEED_OFF", None)
    if off:
        env["DRIFTCHECK_SPEED_OFF"] = "cli_gc,cli_no_plugin_scan"
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
def test_outputs_identical_with_cli_gc_off(mode, cmd, path):
    if mode == "full" and not (ROOT / "benchmarks" / "wild" / ".vendor").is_dir():
        pytest.skip("wild libraries' vendored sources absent")
    on = _run(mode, cmd, path, off=False)
    off = _run(mode, cmd, path, off=True)
    assert on[0] in (0, 1), on[2][-500:]
    assert on[0] == off[0]
    assert on[1] == off[1]
    assert '"params_total"' in on[1] or cmd == "graph"


def test_the_switch_is_read_leniently_and_all_turns_it_off():
    assert not switched_off("cli_gc", {})
    assert switched_off("cli_gc", {"DRIFTCHECK_SPEED_OFF": "fastpath, cli_gc"})
    assert switched_off("cli_gc", {"DRIFTCHECK_SPEED_OFF": "all"})
    assert not switched_off("cli_gc", {"DRIFTCHECK_SPEED_OFF": "fastpath"})


def test_a_command_runs_with_the_collector_off_and_gives_it_back():
    assert gc.isenabled()
    with cli_process(True):
        assert not gc.isenabled() and CLI_PROCESS[0] == 1
    assert gc.isenabled() and CLI_PROCESS[0] == 0
    with cli_process(False):  # switched off: as it is
        assert gc.isenabled() and CLI_PROCESS[0] == 0
    gc.disable()
    try:  # a caller that had it off keeps it off
        with cli_process(True):
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_main_in_process_keeps_the_callers_collector_and_environment(capsys, monkeypatch):
    from driftcheck.cli import main

    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    assert main(["layers"]) == 0
    assert gc.isenabled() and CLI_PROCESS[0] == 0
    assert "PYDANTIC_DISABLE_PLUGINS" not in os.environ
    capsys.readouterr()


def test_pydantic_plugins_are_skipped_while_a_command_runs_only(monkeypatch):
    import importlib.metadata

    from pydantic.plugin import _loader

    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    scans = []
    # the scan itself: pydantic <= 2.13 walks importlib.metadata.distributions(), 2.14 calls
    # importlib.metadata.entry_points(group=...), which walks the same function
    real = importlib.metadata.distributions
    monkeypatch.setattr(
        importlib.metadata, "distributions", lambda **kw: scans.append(1) or real(**kw)
    )
    monkeypatch.setattr(_loader, "_plugins", None)
    with pydantic_plugins_skipped(True):
        assert list(_loader.get_plugins()) == [] and scans == []
    assert "PYDANTIC_DISABLE_PLUGINS" not in os.environ
    list(_loader.get_plugins())  # after the command: pydantic's own behaviour
    assert scans == [1]
    with pydantic_plugins_skipped(False):
        assert "PYDANTIC_DISABLE_PLUGINS" not in os.environ
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "someplugin")
    with pydantic_plugins_skipped(True):  # the user's own setting stands
        assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "someplugin"


def test_no_young_collection_after_an_analysis_in_a_cli_process(tmp_path):
    """The analysis's own pause (``gc_pause``) collects the young generations after it, except
    inside a CLI command (the process ends soon: the pass only costs time)."""
    from driftcheck.parsers.source import parse_source
    from driftcheck.speed import Speed, Stores

    src = tmp_path / "m.py"
    src.write_text(
        "import torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.l = nn.Linear(4, 8)\n\nmodel = M()\n"
    )
    gens: list[int] = []

    def cb(phase, info):
        if phase == "start":
            gens.append((info["generation"], CLI_PROCESS[0]))

    gc.callbacks.append(cb)
    try:
        parse_source(src, speed=Speed(stores=Stores()))
        outside = list(gens)
        gens.clear()
        with cli_process(True):
            a = parse_source(src, speed=Speed(stores=Stores()))
        inside = list(gens)
    finally:
        gc.callbacks.remove(cb)
    assert (1, 0) in outside  # the pause's young collection
    # none at all while the command runs (once it returns, the collector is back on)
    assert [g for g in inside if g[1]] == []
    assert a.to_json() == parse_source(src, speed=Speed(stores=Stores())).to_json()


@pytest.mark.parametrize("mode", ["core", "full"])
@pytest.mark.parametrize(("cmd", "path"), [FILES[0], FILES[2]])
def test_outputs_identical_with_the_handback_off(mode, cmd, path, monkeypatch):
    """``cli_gc_handback`` changes when the command's leftovers are walked, never a result."""
    if mode == "full" and not (ROOT / "benchmarks" / "wild" / ".vendor").is_dir():
        pytest.skip("wild libraries' vendored sources absent")
    on = _run(mode, cmd, path, off=False)
    # _run clears DRIFTCHECK_SPEED_OFF for its "on" run; the variable rides in through
    # os.environ, so the "off" run here switches the handback alone off
    real_run = subprocess.run

    def run_handback_off(*a, **kw):
        kw["env"] = dict(kw["env"], DRIFTCHECK_SPEED_OFF="cli_gc_handback")
        return real_run(*a, **kw)

    monkeypatch.setattr(subprocess, "run", run_handback_off)
    off = _run(mode, cmd, path, off=False)
    assert on[0] in (0, 1), on[2][-500:]
    assert on[0] == off[0]
    assert on[1] == off[1]
    assert '"params_total"' in on[1]


def test_the_collector_is_given_back_without_a_young_pass():
    """With the handback, what the command kept is tenured unwalked: no collection runs on the
    next allocations, nothing stays frozen, and the collector is on again. Without it, the
    first allocations after the command walk everything it kept (one young collection)."""
    assert gc.isenabled() and gc.get_freeze_count() == 0

    def young_passes_after(handback: bool) -> int:
        gens: list[int] = []
        cb = lambda phase, info: phase == "start" and gens.append(1)  # noqa: E731
        gc.callbacks.append(cb)
        try:
            with cli_process(True, handback=handback):
                kept = [[i] for i in range(5000)]  # over the young threshold, kept alive
                gens.clear()  # the command's own passes (none: the collector is off)
            more = [[i] for i in range(50)]
        finally:
            gc.callbacks.remove(cb)
        assert gc.isenabled() and gc.get_freeze_count() == 0 and len(kept) + len(more)
        return len(gens)

    gc.collect()
    assert young_passes_after(True) == 0
    gc.collect()
    assert young_passes_after(False) == 1


def test_the_handback_leaves_a_callers_frozen_objects_frozen():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with cli_process(True, handback=True):
            pass
        assert gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
