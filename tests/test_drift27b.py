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


def _env_policy(run, monkeypatch):
    """Session 37 (reimplfix37): the plain pass leaves environment-read sizes unknown (no
    finding, never a guess: ``DRIFTCHECK_NO_ENV_DEFAULT_DRIFT=1`` shows that pass alone); the
    second pass adds what the code's own defaults disagree on, at most minor, naming the unset
    variables (the launch may set them)."""
    monkeypatch.setenv("DRIFTCHECK_NO_ENV_DEFAULT_DRIFT", "1")
    assert run() == []
    monkeypatch.delenv("DRIFTCHECK_NO_ENV_DEFAULT_DRIFT")
    for f in run():
        assert f.severity.name in ("info", "minor") and "unset" in f.message, f.message


@pytest.mark.parametrize("kind", ["own_codec", "env_name"])
def test_an_undecided_codec_or_preset_name_is_unknown(tmp_path, monkeypatch, kind):
    monkeypatch.delenv("DC27B_UNSET", raising=False)
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", _undecided_codec(kind, SIZES))
    _mine(code, "Tiny")  # torch builds it (48 against the config's 40)
    if kind == "env_name":
        _env_policy(lambda: _run(code, cfg_path), monkeypatch)
        return
    assert _run(code, cfg_path) == []  # sizes unknown: no finding, never a guess


# ------------------------------------------------- exec of a config text into its own dicts
_EXEC_TEXT = """
# _base_ = "llama-7b.py"
vocab, width, ffn, layers = 32000, 4096, 11008, 32
heads = kv_heads = 32
rms_eps = 1e-05
# the tiny run
vocab = {vocab}
width = {width}
ffn = {ffn}
layers = {layers}
heads = {heads}
kv_heads = {kv_heads}
rms_eps = {rms_eps}
"""


def _exec_source(
    sizes: dict, call: str = "exec(CONFIG_PY, {}, _NS)", text: str = _EXEC_TEXT
) -> str:
    return (
        _HEAD + f"CONFIG_PY = {text.format(**sizes)!r}\n_NS: dict = {{}}\n{call}\n"
        "S = {k: v for k, v in _NS.items() if not k.startswith('_')}\n" + LLAMA_BODY
    )


@pytest.mark.parametrize(
    "call", ["exec(CONFIG_PY, {}, _NS)", "exec(CONFIG_PY, _NS)"], ids=["locals", "globals"]
)
def test_sizes_from_a_config_text_run_with_exec(tmp_path, call):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _exec_source(SIZES, call))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _exec_source({**SIZES, "ffn": 40}, call))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


EXEC_NAMESPACES = (
    "T = 'a, b = 2, 3\\nc = d = a * b + 1\\nc += 4\\ne = [a] * b\\nf = int(\"7\") // 2\\n'\n"
    "g1, l1 = {}, {}\nexec(T, g1, l1)\ng2 = {'z': 1}\nexec(T, g2)\n"
    "l3 = {'a': 10}\nexec('b = a + 1', {}, l3)\n"
    "result = (sorted(l1.items()), sorted(g1), sorted(k for k in g2 if k != '__builtins__'), "
    "'__builtins__' in g1, '__builtins__' in g2, g2['c'], sorted(l3.items()))"
)


def test_exec_into_own_dicts_binds_what_cpython_binds(tmp_path):
    import runpy

    from tests.test_library import _as_function, static_result

    want = runpy.run_path(_write(tmp_path, "run.py", _as_function(EXEC_NAMESPACES)))["result"]
    got = static_result(tmp_path, EXEC_NAMESPACES)
    assert got[:3] == want[:3] and got[5:] == want[5:]
    assert got[3] is True and got[4] is True  # the key CPython adds to the globals dict


_UNDECIDED_TEXTS = {
    # a name the text does not bind: CPython raises NameError; the analyzed module's global
    # of that name must not be read instead
    "module_name": ("ffn = FFN_OVERRIDE\n", "FFN_OVERRIDE = 40\n"),
    # a builtin the module shadows: CPython's fresh globals hold the real builtin (48 here;
    # the module's ``max`` would give 40)
    "shadowed_builtin": ("ffn = max(48, 0)\n", "def max(a, b):\n    return 40\n\n\n"),
    # a definition would resolve its globals in the analyzed module here (its ``max`` is the
    # module's own; a def reading only builtins no one shadows is followed, session 32)
    "def": ("def f():\n    return max(40, 0)\nffn = f()\n", "def max(a, b):\n    return 48\n\n\n"),
    # an annotation adds ``__annotations__`` to the namespace
    "annotated": ("ffn: int = 40\n", ""),
}


@pytest.mark.parametrize("kind", sorted(_UNDECIDED_TEXTS))
def test_an_exec_text_not_modelled_leaves_the_sizes_unknown(tmp_path, kind):
    extra, before = _UNDECIDED_TEXTS[kind]
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 48}
    )
    src = _exec_source(SIZES, text=_EXEC_TEXT + extra).replace(
        "CONFIG_PY = ", before + "CONFIG_PY = ", 1
    )
    code = _write(tmp_path, "tiny.py", src)
    if kind in ("module_name",):
        with pytest.raises(NameError):
            _mine(code, "Tiny")
    else:
        _mine(code, "Tiny")  # torch builds it: 40 against the config's 48
    assert _run(code, cfg_path) == []  # unknown: no finding, never a guess


# ------------------------------------------------------------ sizes in a Cookie: header
def _cookie_source(sizes: dict, load: str = "_JAR.load(HEADER)") -> str:
    header = "; ".join(
        ["session=7f3a", "model=llama-tiny"] + [f"{k}={v}" for k, v in sizes.items()]
    )
    return (
        "import ast\nfrom http.cookies import SimpleCookie\n\n" + _HEAD + f"HEADER = {header!r}\n"
        f"_JAR = SimpleCookie()\n{load}\n"
        "S = {k: ast.literal_eval(m.value) for k, m in _JAR.items() if k not in ('session', 'model')}\n"
        + LLAMA_BODY
    )


def test_sizes_from_a_cookie_header(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _cookie_source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _cookie_source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


def test_a_cookie_jar_fed_an_unknown_header_is_unknown(tmp_path, monkeypatch):
    monkeypatch.delenv("DC27B_UNSET", raising=False)
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    # the header is loaded, then a second header the environment may hold: unknown from then on
    load = "_JAR.load(HEADER)\n_JAR.load(__import__('os').environ.get('DC27B_UNSET', ''))"
    code = _write(tmp_path, "tiny.py", _cookie_source(SIZES, load))
    _mine(code, "Tiny")  # torch builds it (48 against the config's 40)
    _env_policy(lambda: _run(code, cfg_path), monkeypatch)


# ------------------------------------------------- sizes from a safetensors header's shapes
def _header_source(sizes: dict, length: str = "len(_HEADER).to_bytes(8, 'little')") -> str:
    shapes = {
        "embed.weight": [sizes["vocab"], sizes["width"]],
        "layers.0.mlp.up.weight": [sizes["ffn"], sizes["width"]],
    }
    rest = {k: str(v) for k, v in sizes.items() if k not in ("vocab", "width", "ffn")}
    return (
        "import json\n\n" + _HEAD + f"SHAPES = {shapes!r}\nMETA = {rest!r}\n"
        "_ENTRIES = {k: {'dtype': 'F32', 'shape': s, 'data_offsets': [0, 0]} "
        "for k, s in SHAPES.items()}\n"
        "_HEADER = json.dumps({'__metadata__': META, **_ENTRIES}).encode()\n"
        f"BLOB = {length} + _HEADER\n"
        "_N = int.from_bytes(BLOB[:8], 'little')\n_H = json.loads(BLOB[8 : 8 + _N])\n"
        "_M = _H.pop('__metadata__')\n"
        "S = {'vocab': _H['embed.weight']['shape'][0], 'width': _H['embed.weight']['shape'][1], "
        "'ffn': _H['layers.0.mlp.up.weight']['shape'][0], 'layers': int(_M['layers']), "
        "'heads': int(_M['heads']), 'kv_heads': int(_M['kv_heads']), "
        "'rms_eps': float(_M['rms_eps'])}\n" + LLAMA_BODY
    )


def test_sizes_from_a_safetensors_header(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _header_source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _header_source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


def test_a_header_length_too_long_for_its_bytes_is_unknown(tmp_path):
    # ``(2**64 + n).to_bytes(8, ...)``: CPython raises OverflowError; the low 8 bytes would be
    # the header's true length (a truncated read would decode it)
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(
        tmp_path, "tiny.py", _header_source(SIZES, "(2**64 + len(_HEADER)).to_bytes(8, 'little')")
    )
    with pytest.raises(OverflowError):
        _mine(code, "Tiny")
    assert _run(code, cfg_path) == []


# ---------------------------------------------------------- a dated changelog of sizes
def _changelog_source(sizes: dict, checkpoint: str = "date.fromisoformat('2023-06-01')") -> str:
    return (
        "from datetime import date\n\n" + _HEAD + f"CHECKPOINT = {checkpoint}\n"
        f"LOG = [('2022-01-10', {BIG!r}), ('2023-05-02', {sizes!r}), "
        f"('2024-02-19', {dict(sizes, ffn=96)!r})]\n"
        "_DATED = [(date.fromisoformat(d), s) for d, s in LOG]\n"
        "S = max((e for e in _DATED if e[0] <= CHECKPOINT), key=lambda e: e[0])[1]\n" + LLAMA_BODY
    )


def test_sizes_from_a_dated_changelog(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _changelog_source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _changelog_source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


@pytest.mark.parametrize(
    "checkpoint",
    ["date.today()", "__import__('datetime').datetime(2023, 6, 1)"],
    ids=["clock", "date_against_datetime"],
)
def test_a_changelog_date_not_decided_is_unknown(tmp_path, checkpoint):
    # the clock is never read; a date compared with a datetime raises TypeError in CPython
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", _changelog_source(SIZES, checkpoint))
    if checkpoint.startswith("date.today"):
        _mine(code, "Tiny")  # today: the 2024 entry (96) or the tiny one (48), never 40
    else:
        with pytest.raises(TypeError):
            _mine(code, "Tiny")
    assert _run(code, cfg_path) == []
