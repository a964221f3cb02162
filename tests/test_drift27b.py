"""Drift between re-implementations and their configs (session 27, issue #17: fresh24's
development part). Each rule is shown on code written here (not the corpus's): torch builds the
code and transformers' model for the same config and counts both; the clean pair has no
finding, one changed size gives one finding holding both values, and a construct the
interpreter does not decide leaves the sizes unknown (no finding, never a guess).

- ``json.loads(codecs.decode(TEXT, "rot13"))``: a JSON object kept in a text codec
  (library/purecalls.py: CPython's registered codecs; a name only the analyzed code registers
  is unknown);
- ``difflib.get_close_matches(NAME, PRESETS, n=1)``: a fuzzy preset lookup (the table also
  holds a real release's sizes: reading that one would be a confident wrong).
"""

from __future__ import annotations

import codecs
import json

import pytest

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

_HEAD = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
BIG = dict(vocab=32000, width=4096, ffn=11008, layers=32, heads=32, kv_heads=8, rms_eps=1e-05)


def _rot13_source(sizes: dict) -> str:
    text = codecs.encode(json.dumps(sizes), "rot13")
    return (
        "import codecs\nimport json\n\n"
        + _HEAD
        + f"ENC = {text!r}\nS = json.loads(codecs.decode(ENC, 'rot13'))\n"
        + LLAMA_BODY
    )


def _difflib_source(sizes: dict) -> str:
    return (
        "import difflib\n\n"
        + _HEAD
        + f"PRESETS = {{'llama-2-7b-hf': {BIG!r}, 'llama-tiny-random': {sizes!r}}}\n"
        "(NAME,) = difflib.get_close_matches('org/llama-tiny', PRESETS, n=1, cutoff=0.5)\n"
        "S = PRESETS[NAME]\n" + LLAMA_BODY
    )


@pytest.mark.parametrize("source", [_rot13_source, _difflib_source], ids=["rot13", "difflib"])
def test_sizes_through_a_codec_or_a_fuzzy_preset(tmp_path, source):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


def _undecided_codec(kind: str, sizes: dict) -> str:
    if kind == "own_codec":  # a codec the file registers: CPython here does not know it
        return (
            "import codecs\nimport json\n\n" + _HEAD
            + "def _find(name):\n"
            "    if name == 'rev':\n"
            "        rev = lambda s, errors='strict': (s[::-1], len(s))\n"
            "        return codecs.CodecInfo(rev, rev, name='rev')\n"
            "    return None\n\n\ncodecs.register(_find)\n"
            f"S = json.loads(codecs.decode({json.dumps(sizes)[::-1]!r}, 'rev'))\n" + LLAMA_BODY
        )  # fmt: skip
    # the preset name comes from the environment: which preset is picked is not known
    return (
        "import difflib\nimport os\n\n" + _HEAD
        + f"PRESETS = {{'llama-2-7b-hf': {BIG!r}, 'llama-tiny-random': {sizes!r}}}\n"
        "(NAME,) = difflib.get_close_matches(os.environ.get('DC27B_UNSET', 'llama-tiny'), "
        "PRESETS, n=1)\nS = PRESETS[NAME]\n" + LLAMA_BODY
    )  # fmt: skip


@pytest.mark.parametrize("kind", ["own_codec", "env_name"])
def test_an_undecided_codec_or_preset_name_is_unknown(tmp_path, monkeypatch, kind):
    monkeypatch.delenv("DC27B_UNSET", raising=False)
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", _undecided_codec(kind, SIZES))
    _mine(code, "Tiny")  # torch builds it (48 against the config's 40)
    assert _run(code, cfg_path) == []  # sizes unknown: no finding, never a guess
