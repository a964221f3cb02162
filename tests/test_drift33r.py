"""Sizes written into an ``io.StringIO`` by separate top-level statements and read back
(session 33, reimplfix33; ports32's ``swin_csv_dictwriter_roundtrip``): a ``csv.DictWriter``
built on the stream writes rows in statements of their own, ``seek(0)``, then one reader.
interp/modglobals.py ``_written_through`` replays the stream's binding, its writers' bindings
and every method call on them in source order (as the import runs them); where the module
uses the stream anywhere else (a function, a second reader, a read between the writes) the
lazy reading cannot say what the import leaves, and the sizes stay unknown. Truth: torch
counts the module CPython runs; transformers' model for the config.
"""

from __future__ import annotations

import json

import pytest

from driftcheck.drift import drift, load_sides
from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write
from tests.test_drift25b import LLAMA_BODY, LLAMA_CFG, SIZES

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

_HEAD = (
    "import csv\nimport io\nimport json\n\nimport torch\nimport torch.nn.functional as F\n"
    "from torch import nn\n\n"
)
_OLD = dict(vocab=96, width=64, ffn=128, layers=3, heads=8, kv_heads=4, rms_eps=1e-05)
_READ = "S = {k: float(v) if k == 'rms_eps' else int(v) for k, v in _rows[-1].items()}\n"


def _dictwriter(sizes: dict) -> str:
    return (
        _HEAD + f"FIELDS = {list(sizes)!r}\n"
        "_table = io.StringIO()\n"
        "_writer = csv.DictWriter(_table, fieldnames=FIELDS)\n"
        "_writer.writeheader()\n"
        f"_writer.writerow({_OLD!r})\n"
        f"_writer.writerow({sizes!r})\n"
        "_table.seek(0)\n"
        "_rows = list(csv.DictReader(_table))\n" + _READ + LLAMA_BODY
    )


def _writer_rows(sizes: dict) -> str:
    # csv.writer (lists), a stream's own write between the writer's, a move to the start
    return (
        _HEAD + "_buf = io.StringIO()\n"
        "_out = csv.writer(_buf)\n"
        "_buf.write('# kept by the sweep\\n')\n"
        f"_out.writerow({list(sizes)!r})\n"
        f"_out.writerows([{list(_OLD.values())!r}, {list(sizes.values())!r}])\n"
        "_buf.seek(0)\n"
        "_buf.readline()\n"
        "_rows = list(csv.DictReader(_buf))\n" + _READ + LLAMA_BODY
    )


def _own_calls(sizes: dict) -> str:
    # no writer object: the stream's own writes, a seek and a skipped line, then one reader
    return (
        _HEAD + "_text = io.StringIO()\n"
        "_text.write('# sizes\\n')\n"
        f"_text.write({json.dumps(sizes)!r})\n"
        "_text.seek(0)\n"
        "_text.readline()\n"
        "S = json.loads(_text.read())\n" + LLAMA_BODY
    )


@pytest.mark.parametrize("source", [_dictwriter, _writer_rows, _own_calls])
def test_sizes_written_by_separate_statements_and_read_back(tmp_path, source):
    """torch's count of what CPython builds is the config's; a planted ffn written through
    the same statements is one finding with both values."""
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


# modules whose import reads the stream where the lazy reading would read it elsewhere: each
# builds the config's sizes in CPython, and a replay of every write before the reader would
# give the old run's (or the header as a row): the sizes must stay unknown, never that
_UNSETTLED = {
    # a second reader: the first consumes the old run's line, the second reads the next one
    "two_readers": (
        _HEAD + "_text = io.StringIO()\n"
        "_text.write({old_blob!r} + '\\n')\n"
        "_text.write({blob!r} + '\\n')\n"
        "_text.seek(0)\n"
        "NOTE = _text.readline()\n"
        "S = json.loads(_text.readline())\n"
    ),
    # read between the writes: the rows so far are the config's, the later one is not
    "read_between_writes": (
        _HEAD + "FIELDS = {fields!r}\n"
        "_table = io.StringIO()\n"
        "_writer = csv.DictWriter(_table, fieldnames=FIELDS)\n"
        "_writer.writeheader()\n"
        "_writer.writerow({sizes!r})\n"
        "_table.seek(0)\n"
        "_rows = list(csv.DictReader(_table))\n"
        "_writer.writerow({old!r})\n"
    ),
    # the writer used by a function the import calls: its rows are written there too
    "writer_in_a_function": (
        _HEAD + "FIELDS = {fields!r}\n"
        "_table = io.StringIO()\n"
        "_writer = csv.DictWriter(_table, fieldnames=FIELDS)\n"
        "_writer.writeheader()\n\n\n"
        "def add(row):\n"
        "    _writer.writerow(row)\n\n\n"
        "add({sizes!r})\n"
        "_table.seek(0)\n"
        "_rows = list(csv.DictReader(_table))\n"
    ),
}


@pytest.mark.parametrize("how", sorted(_UNSETTLED))
def test_a_stream_used_outside_the_replayed_statements_is_unknown(tmp_path, how):
    text = _UNSETTLED[how].format(
        blob=json.dumps(SIZES), old_blob=json.dumps(_OLD), fields=list(SIZES), sizes=SIZES, old=_OLD
    )
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    tail = "" if how == "two_readers" else _READ
    code = _write(tmp_path, "tiny.py", text + tail + LLAMA_BODY)
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    fs = drift(load_sides(str(code), str(cfg_path)), str(code), str(cfg_path))
    assert not [f for f in fs if f.severity.rank >= 1], [f.message for f in fs]
    assert any(f.kind == "incomplete" for f in fs), [f.message for f in fs]
