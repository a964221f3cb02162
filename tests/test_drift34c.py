"""Session 34 (reimplfix34c): an unknown size read from the environment names the read.

``os.environ.get(K, D)`` / ``os.getenv(K, D)`` in the analyzed code is unknown by design (the
launch may set ``K``; ``--assume-env-defaults`` opts in to ``D``). The graph's note for the
null ``params_total`` now names that read and its file:line -- through ``int(...)`` and a
helper function too -- not only the layer and its argument. Ground truth: torch in a clean
environment builds the layer from ``D`` (so the size really hangs on the read), and the
line the note names is the line of the call in the source (ast)."""

from __future__ import annotations

import ast
import json
import runpy
from pathlib import Path

import pytest

MODEL = """\
import os
import torch.nn as nn


def setting(name, cast=int):
    return cast(READ)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(setting("R34C_VOCAB"), 8)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(self.emb(x))
"""

READS = {
    "environ": ('os.environ.get(name, "600")', "os.environ.get('R34C_VOCAB')"),
    "getenv": ('os.getenv(name, "600")', "os.getenv('R34C_VOCAB')"),
}


def _graph(path: Path, capsys, *flags: str) -> dict:
    from driftcheck.cli import main

    capsys.readouterr()
    assert main(["graph", str(path), "--format", "json", *flags]) == 0
    return json.loads(capsys.readouterr().out)


def _call_line(src: str) -> int:
    calls = [
        n
        for n in ast.walk(ast.parse(src))
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in ("get", "getenv")
    ]
    assert len(calls) == 1
    return calls[0].lineno


@pytest.mark.parametrize("kind", sorted(READS))
def test_unknown_size_note_names_the_environment_read(tmp_path, capsys, monkeypatch, kind):
    read, construct = READS[kind]
    src = MODEL.replace("READ", read)
    path = tmp_path / "env_note.py"
    path.write_text(src)
    monkeypatch.delenv("R34C_VOCAB", raising=False)
    m = runpy.run_path(str(path))["M"]()
    truth = sum(p.numel() for p in m.parameters())
    assert m.emb.num_embeddings == 600 and truth == 600 * 8 + 8 * 4 + 4
    monkeypatch.setenv("R34C_VOCAB", "7")  # the launch sets it: the size follows
    assert runpy.run_path(str(path))["M"]().emb.num_embeddings == 7
    monkeypatch.delenv("R34C_VOCAB")

    off = _graph(path, capsys)
    assert off["params_total"] is None
    notes = [n for n in off["notes"] if n.startswith("params_total unknown")]
    assert len(notes) == 1
    where = f"{path}:{_call_line(src)}"
    assert f"{construct} at {where}: the environment at run time" in notes[0], notes
    assert "emb (torch.nn.Embedding)" in notes[0]  # the layer is still named
    on = _graph(path, capsys, "--assume-env-defaults")
    assert on["params_total"] == truth


def test_program_writing_the_key_names_why_it_stays_unknown(tmp_path, capsys):
    src = (
        "import os\n"
        + MODEL.replace("READ", READS["environ"][0])
        + ('\nos.environ["R34C_VOCAB"] = "32"\n')
    )
    path = tmp_path / "env_write.py"
    path.write_text(src)
    on = _graph(path, capsys, "--assume-env-defaults")
    assert on["params_total"] is None
    note = next(n for n in on["notes"] if n.startswith("params_total unknown"))
    assert f"os.environ.get('R34C_VOCAB') at {path}:{_call_line(src)}" in note
    assert "the program writes the environment" in note
