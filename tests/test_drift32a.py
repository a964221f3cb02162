"""Session 32 (reimplfix32, issue #17): rules from the blind first run of
benchmarks/reimpl/ports32, each checked against CPython / torch first.

1. ``unittest.mock.patch.dict(d, values)`` in a ``with`` block updates ``d`` on enter and puts
   its old items back on exit, the same dict object throughout (library/stdlib.py
   ``PatchDict``): a snapshot taken inside keeps the patched sizes, a read after the block the
   old ones. Before: the manager was unknown and the body ran on the unpatched table (a
   confident wrong count).
2. A ``with`` manager not modelled may change a dict or list handed to it: their items are
   unknown from there on (interp/statements.py ``_manager_may_change``), never the old values.
3. ``io.StringIO``: ``write`` at the position (over what is there), ``seek`` / ``tell`` /
   ``flush``; ``csv.writer`` / ``csv.DictWriter`` rows written by CPython's csv; reads of a
   written stream start at the position (library/configtexts.py).
4. ``tempfile.NamedTemporaryFile("w+")`` in a ``with`` block is an in-memory text file;
   ``json.dump`` into it, ``json.load`` from it (library/scratchfs.py, library/pkgdata.py);
   closed after the block; binary and write-only modes unknown.
"""

from __future__ import annotations

import runpy
import sys
import types

import pytest

from driftcheck.parsers.source import parse_source
from tests.drift_support import config, count, hf_model, mine, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-5,
    max_position_embeddings=128,
    tie_word_embeddings=False,
)

# a Llama body reading its sizes from the dict ``HP`` (the size source is put in front of it)
BODY = """
import torch
from torch import nn


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + HP["eps"])


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = HP["width"], HP["heads"], HP["kv_heads"]
        hd = d // h
        self.input_layernorm = RMSNorm(d)
        self.q_proj = nn.Linear(d, h * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, d, bias=False)
        self.post_attention_layernorm = RMSNorm(d)
        self.gate_proj = nn.Linear(d, HP["ffn"], bias=False)
        self.up_proj = nn.Linear(d, HP["ffn"], bias=False)
        self.down_proj = nn.Linear(HP["ffn"], d, bias=False)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(HP["vocab"], HP["width"])
        self.layers = nn.ModuleList(Block() for _ in range(HP["layers"]))
        self.norm = RMSNorm(HP["width"])
        self.lm_head = nn.Linear(HP["width"], HP["vocab"], bias=False)
"""

SEVEN_B = (
    '{"vocab": 32000, "width": 4096, "ffn": 11008, "layers": 32, "heads": 32, '
    '"kv_heads": 32, "eps": 1e-06}'
)


def _llama(tmp_path):
    return config(tmp_path, "cfg", "LlamaConfig", **LLAMA)


def _tiny(layers: int = 2) -> str:
    return (
        f'{{"vocab": 96, "width": 64, "ffn": 128, "layers": {layers}, "heads": 4, '
        '"kv_heads": 2, "eps": 1e-05}'
    )


# ------------------------------------------------------------------ 1. mock.patch.dict
PATCH = """
from unittest import mock

SIZES = {seven}
with mock.patch.dict(SIZES, {tiny}):
    HP = dict(SIZES)
"""


def test_patch_dict_snapshot_inside_the_block(tmp_path):
    cfg, path = _llama(tmp_path)
    code = write(tmp_path, "clean.py", PATCH.format(seven=SEVEN_B, tiny=_tiny()) + BODY)
    ns = runpy.run_path(str(code))
    assert ns["HP"]["layers"] == 2 and ns["SIZES"]["layers"] == 32  # restored on exit
    assert count(mine(code, "M")) == count(hf_model(cfg, "LlamaForCausalLM"))
    assert parse_source(code).params_total() == count(mine(code, "M"))
    assert run(code, path) == []
    planted = write(tmp_path, "planted.py", PATCH.format(seven=SEVEN_B, tiny=_tiny(3)) + BODY)
    assert runpy.run_path(str(planted))["HP"]["layers"] == 3
    one(run(planted, path), 3, 2)


@pytest.mark.parametrize(
    ("tail", "what"),
    [
        ("with mock.patch.dict(SIZES, {tiny}):\n    pass\nHP = dict(SIZES)\n", "after the block"),
        ("with mock.patch.dict(SIZES, {tiny}, clear=True) as d:\n    HP = dict(d)\n", "clear"),
        ("with mock.patch.dict(SIZES, layers=3):\n    HP = dict(SIZES)\n", "keywords"),
    ],
)
def test_patch_dict_restores_clears_and_takes_keywords(tmp_path, tail, what):
    """Each form's sizes are what CPython's mock gives (the 7B table restored after the block;
    ``clear=True`` keeps only the patch; keywords on top of the table)."""
    src = f"from unittest import mock\n\nSIZES = {SEVEN_B}\n" + tail.format(tiny=_tiny())
    code = write(tmp_path, "m.py", src + BODY)
    truth = count(mine(code, "M"))
    assert parse_source(code).params_total() == truth, what


# ------------------------------------------------------------------ 2. unknown managers
UNKNOWN_MANAGER = """
import hp_override

SIZES = {seven}
with hp_override.override(SIZES, {tiny}):
    HP = dict(SIZES)
"""


def test_unmodelled_manager_may_change_a_dict_handed_to_it(tmp_path, monkeypatch):
    """A manager driftcheck cannot read (a package it does not find) that updates the dict in
    CPython: the count is unknown, never the unpatched table's."""
    import contextlib

    @contextlib.contextmanager
    def override(table, values):
        old = dict(table)
        table.update(values)
        yield table
        table.clear()
        table.update(old)

    monkeypatch.setitem(sys.modules, "hp_override", types.SimpleNamespace(override=override))
    code = write(tmp_path, "m.py", UNKNOWN_MANAGER.format(seven=SEVEN_B, tiny=_tiny()) + BODY)
    truth = count(mine(code, "M"))
    unpatched = write(tmp_path, "u.py", f"HP = {SEVEN_B}\n" + BODY)
    assert truth != count(mine(unpatched, "M"))  # the manager's change matters in CPython
    assert parse_source(code).params_total() is None


# ------------------------------------------------------------------ 3. io.StringIO writes, csv
STRINGIO = """
import io


def probe():
    s = io.StringIO("abcdef")
    n1 = s.write("XY")
    at = s.tell()
    rest = s.read()
    s.seek(0, 2)
    s.write("gh")
    s.seek(1)
    tail = s.read()
    return s.getvalue(), tail, at, rest, n1


TEXT, TAIL, AT, REST, N1 = probe()


class M(__import__("torch").nn.Module):
    def __init__(self):
        super().__init__()
        nn = __import__("torch").nn
        self.a = nn.Linear(len(TEXT), len(TAIL) + N1)
        self.b = nn.Linear(AT + len(REST), 3 if TEXT == "XYcdefgh" else 5)
"""


def test_stringio_writes_at_the_position(tmp_path):
    code = write(tmp_path, "m.py", STRINGIO)
    ns = runpy.run_path(str(code))
    assert (ns["TEXT"], ns["TAIL"], ns["AT"], ns["REST"]) == ("XYcdefgh", "Ycdefgh", 2, "cdef")
    assert parse_source(code).params_total() == count(mine(code, "M"))


CSV_IN_FUNCTION = """
import csv
import io


def sweep():
    table = io.StringIO()
    w = csv.DictWriter(table, fieldnames=["vocab", "width", "ffn", "layers", "heads",
                                          "kv_heads", "eps"])
    w.writeheader()
    w.writerow({seven})
    w.writerow({tiny})
    table.seek(0)
    row = list(csv.DictReader(table))[-1]
    return {{k: (float(v) if k == "eps" else int(v)) for k, v in row.items()}}


HP = sweep()
"""


def test_csv_dictwriter_round_trip(tmp_path):
    cfg, path = _llama(tmp_path)
    code = write(tmp_path, "clean.py", CSV_IN_FUNCTION.format(seven=SEVEN_B, tiny=_tiny()) + BODY)
    assert runpy.run_path(str(code))["HP"]["layers"] == 2
    assert count(mine(code, "M")) == count(hf_model(cfg, "LlamaForCausalLM"))
    assert parse_source(code).params_total() == count(mine(code, "M"))
    assert run(code, path) == []
    bad = write(tmp_path, "p.py", CSV_IN_FUNCTION.format(seven=SEVEN_B, tiny=_tiny(3)) + BODY)
    one(run(bad, path), 3, 2)


def test_csv_read_without_rewind_is_not_the_table(tmp_path):
    """Without ``seek(0)`` CPython's reader starts at the end: no rows (IndexError) -- never
    the written table."""
    src = CSV_IN_FUNCTION.format(seven=SEVEN_B, tiny=_tiny()).replace("    table.seek(0)\n", "")
    code = write(tmp_path, "m.py", src + BODY)
    with pytest.raises(IndexError):
        runpy.run_path(str(code))
    assert parse_source(code).params_total() is None


# ------------------------------------------------------------------ 4. NamedTemporaryFile
NTF = """
import json
import tempfile

RUN = {tiny}
with tempfile.NamedTemporaryFile({mode}) as f:
    json.dump(RUN, f)
    f.flush()
{rewind}    HP = json.load(f)
"""


def test_named_temporary_file_json_round_trip(tmp_path):
    cfg, path = _llama(tmp_path)
    src = NTF.format(tiny=_tiny(), mode='"w+"', rewind="    f.seek(0)\n")
    code = write(tmp_path, "clean.py", src + BODY)
    assert runpy.run_path(str(code))["HP"]["layers"] == 2
    assert parse_source(code).params_total() == count(mine(code, "M"))
    assert run(code, path) == []
    planted = write(
        tmp_path, "p.py", NTF.format(tiny=_tiny(3), mode='"w+"', rewind="    f.seek(0)\n") + BODY
    )
    one(run(planted, path), 3, 2)


@pytest.mark.parametrize(
    ("mode", "rewind", "error"),
    [
        ('"w+"', "", ValueError),  # no seek(0): json.load reads "" (JSONDecodeError)
        ("", "    f.seek(0)\n", TypeError),  # default binary mode: json.dump writes str
    ],
)
def test_named_temporary_file_other_ways_are_unknown(tmp_path, mode, rewind, error):
    code = write(tmp_path, "m.py", NTF.format(tiny=_tiny(), mode=mode, rewind=rewind) + BODY)
    with pytest.raises(error):
        runpy.run_path(str(code))
    assert parse_source(code).params_total() is None


def test_named_temporary_file_closed_after_the_block(tmp_path):
    src = NTF.format(tiny=_tiny(), mode='"w+"', rewind="    f.seek(0)\n")
    src = src.replace("    HP = json.load(f)\n", "HP = json.load(f)\n")
    code = write(tmp_path, "m.py", src + BODY)
    with pytest.raises(ValueError, match="closed file"):
        runpy.run_path(str(code))
    assert parse_source(code).params_total() is None


# ------------------------------------------------------------------ 5. redirect_stdout, print
SUMMARY = """
import ast
import contextlib
import io
import sys


def print_run_summary():
    print("== tiny run summary ==")
    for key, value in {tiny}.items():
        print(key + ":", value)
{extra}

with contextlib.redirect_stdout(io.StringIO()) as buf:
    print_run_summary()
HP = {{k: ast.literal_eval(v) for k, v in (line.split(": ", 1) for line in
      buf.getvalue().splitlines() if ": " in line)}}
"""


def test_redirect_stdout_summary_parsed_back(tmp_path):
    """A printed summary captured with ``redirect_stdout`` (the ``as`` name read after the
    block, a module global the with statement binds)."""
    cfg, path = _llama(tmp_path)
    code = write(tmp_path, "clean.py", SUMMARY.format(tiny=_tiny(), extra="") + BODY)
    assert runpy.run_path(str(code))["HP"]["layers"] == 2
    assert parse_source(code).params_total() == count(mine(code, "M"))
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", SUMMARY.format(tiny=_tiny(3), extra="") + BODY)
    one(run(planted, path), 3, 2)


@pytest.mark.parametrize(
    ("extra", "key", "cpython"),
    [
        ('    sys.stdout.write("layers: 3\\n")', "layers", 3),  # a write print does not make
        ('    print("note:", [3])', "note", [3]),  # a value whose text the model does not make
        # a call of sys.stdout not followed (here it writes nothing: still unknown)
        ('    print("layers: 3", file=sys.stderr)\n    sys.stdout.flush()', "layers", 2),
    ],
)
def test_redirect_stdout_other_writers_lose_the_summary(tmp_path, extra, key, cpython):
    code = write(tmp_path, "m.py", SUMMARY.format(tiny=_tiny(), extra=extra) + BODY)
    assert runpy.run_path(str(code))["HP"][key] == cpython
    assert parse_source(code).params_total() is None


def test_print_file_into_a_stream_in_a_function(tmp_path):
    code = write(
        tmp_path,
        "m.py",
        """
        import io

        from torch import nn


        def sizes():
            s = io.StringIO()
            print(64, 0.5, None, True, sep="|", end=";", file=s)
            print("x", file=s)
            return s.getvalue()


        TEXT = sizes()


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(len(TEXT), int(TEXT.split("|")[0]))
        """,
    )
    assert runpy.run_path(str(code))["TEXT"] == "64|0.5|None|True;x\n"
    assert parse_source(code).params_total() == count(mine(code, "M"))
