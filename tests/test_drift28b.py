"""Drift between re-implementations and their configs (session 28, issue #17: fresh25's
development part). Three size sources the interpreter could not read, each shown on code
written here (not the corpus's): torch builds the code and transformers' model for the same
config and counts both; the clean pair has no finding, one changed size gives one finding holding
both values, and a construct the interpreter does not decide leaves the sizes unknown (no
finding, never a guess).

- ``string.Formatter().parse(TEMPLATE)``: sizes as the format specs of a run-name template
  (library/configtexts.py: CPython's own split of the format string);
- ``xml.dom.minidom.parseString(XML)``: sizes as attributes of an XML description
  (library/configtexts.py: a read-only view of CPython's minidom; a file that names a DOM
  mutator is unknown);
- ``re.Scanner(lexicon).scan(SPEC)``: sizes in a compact spec tokenised by the stdlib's lexer
  (library/wildlib.py: CPython's Scanner decides the tokens, the code's actions run in order;
  library/stdlib.py: a lookaround of fixed items is a pattern we run).
"""

from __future__ import annotations

import json
import runpy

import pytest

from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import one as _one_pair
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write
from tests.test_drift25b import LLAMA_BODY, LLAMA_CFG, SIZES

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

_HEAD = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n"
_KEYS = ("vocab", "width", "ffn", "layers", "heads", "kv_heads", "rms_eps")


def _formatter_source(sizes: dict) -> str:
    fields = "".join(f"-{{{k}:{sizes[k]!r}}}" for k in _KEYS)
    return (
        "import ast\nimport string\n\n" + _HEAD + f"RUN = 'llama{fields}'\n"
        "S = {f: ast.literal_eval(s) for _t, f, s, _c in string.Formatter().parse(RUN) if f}\n"
        + LLAMA_BODY
    )


def _minidom_source(sizes: dict, extra: str = "") -> str:
    attrs = " ".join(f'{k}="{sizes[k]!r}"' for k in _KEYS if k != "layers")
    layers = "".join('<layer kind="decoder"/>' for _ in range(sizes["layers"]))
    return (
        "import ast\nfrom xml.dom import minidom\n\n"
        + _HEAD
        + f"XML = '<llama {attrs}>{layers}</llama>'\n"
        "_root = minidom.parseString(XML).documentElement\n"
        f"{extra}"
        "S = {k: ast.literal_eval(_root.getAttribute(k)) for k in "
        f"{tuple(k for k in _KEYS if k != 'layers')!r}}}\n"
        "S['layers'] = len(_root.getElementsByTagName('layer'))\n" + LLAMA_BODY
    )


def _scanner_source(sizes: dict, key_action: str = "lambda _s, t: ('key', t)") -> str:
    spec = " ".join(f"{k.replace('_', '')}{sizes[k]!r}" for k in _KEYS)
    return (
        "import ast\nimport re\n\n" + _HEAD + f"SPEC = 'llama {spec}'\n"
        "SC = re.Scanner([\n"
        f"    (r'[a-z]+(?=[0-9])', {key_action}),\n"
        "    (r'[0-9][0-9.e+-]*', lambda _s, t: ('value', ast.literal_eval(t))),\n"
        "    (r'[a-z]+', lambda _s, t: ('word', t)),\n"
        "    (r'\\s+', None),\n"
        "])\n"
        "_toks, _rest = SC.scan(SPEC)\n"
        "_R = {k: v for (kind, k), (_, v) in zip(_toks, _toks[1:]) if kind == 'key'}\n"
        f"S = {{k: _R[k.replace('_', '')] for k in {_KEYS!r}}}\n" + LLAMA_BODY
    )


SOURCES = [_formatter_source, _minidom_source, _scanner_source]


@pytest.mark.parametrize("source", SOURCES, ids=["formatter", "minidom", "scanner"])
def test_sizes_through_a_format_template_an_xml_dom_or_a_scanner(tmp_path, source):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


@pytest.mark.parametrize("source", SOURCES, ids=["formatter", "minidom", "scanner"])
def test_a_planted_layer_count_is_one_finding(tmp_path, source):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    planted = _write(tmp_path, "planted.py", source({**SIZES, "layers": 3}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    found = _run(planted, cfg_path)
    assert found, "a third decoder layer must be reported"
    _one_pair(found, 3, 2)


def test_a_dom_the_file_may_change_is_unknown(tmp_path):
    # the file writes an attribute through an alias: a read of the parsed text would be stale
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    extra = "_root.getElementsByTagName('layer')[0].parentNode.setAttribute('ffn', '40')\n"
    code = _write(tmp_path, "tiny.py", _minidom_source(SIZES, extra))
    _mine(code, "Tiny")  # torch builds it: 40, as the config says
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []  # unknown, never the stale 48


def test_a_scanner_action_we_cannot_call_is_unknown(tmp_path):
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    # an action that is a builtin method: not a function of the analyzed code
    action = "{}.get"
    code = _write(tmp_path, "tiny.py", _scanner_source(SIZES, action))
    assert _run(code, cfg_path) == []


def test_scanner_actions_run_in_order_and_see_the_scanner(tmp_path):
    """Actions with side effects run once each, in CPython's token order; an action result we
    cannot tell from None makes the scan unknown."""
    import runpy

    from tests.test_library import _as_function, static_result

    code = (
        "import re\n"
        "seen = []\n"
        "def act(s, t):\n"
        "    seen.append(s.match.group())\n"
        "    return len(seen)\n"
        "toks, rest = re.Scanner([(r'[a-z]', act), (r'-', None)]).scan('a-bc!d')\n"
        "result = (toks, rest, seen)\n"
    )
    p = tmp_path / "run.py"
    p.write_text(_as_function(code))
    want = runpy.run_path(str(p))["result"]
    assert want == ([1, 2, 3], "!d", ["a", "b", "c"])
    got = static_result(tmp_path, code)
    from driftcheck.parsers.source.values.abstract import plain

    assert plain(got) == want
    unknown_result = (
        "import re, os\n"
        "toks, rest = re.Scanner([(r'[a-z]', lambda s, t: os.environ.get('DC28B_UNSET'))])"
        ".scan('ab')\n"
        "result = toks\n"
    )
    from driftcheck.parsers.source.values.abstract import Unknown

    assert isinstance(plain(static_result(tmp_path, unknown_result)), Unknown)


def test_lookaround_of_fixed_items_runs_and_a_repeat_inside_does_not():
    """``(?=[0-9])`` is a constant-time test (the pattern is run by CPython); a lookaround
    holding a repeat, ``(?=a+)``, and a backreference stay patterns we do not run."""
    from driftcheck.parsers.source.library.stdlib import _safe_pattern

    assert _safe_pattern(r"[a-z]+(?=[0-9])")
    assert _safe_pattern(r"(?<!x)y")
    assert not _safe_pattern(r"(?=a+)b")
    assert not _safe_pattern(r"(?!x(?=y*))z")
    assert not _safe_pattern(r"(a)\1")
    assert not _safe_pattern(r"(a+)+")


def test_a_format_string_cpython_refuses_is_unknown(tmp_path):
    from driftcheck.parsers.source.values.abstract import Unknown, plain
    from tests.test_library import static_result

    code = "import string\nresult = list(string.Formatter().parse('a{b:1'))\n"
    with pytest.raises(ValueError):
        list(__import__("string").Formatter().parse("a{b:1"))
    assert isinstance(plain(static_result(tmp_path, code)), Unknown)


# ------------------------------------- a norm's eps read as an attribute of a module global
def _namespace_eps_source(sizes: dict) -> str:
    body = LLAMA_BODY.replace('S["rms_eps"]', "C.rms_eps")
    assert body != LLAMA_BODY
    return (
        "import json\nfrom types import SimpleNamespace\n\n"
        + _HEAD
        + f"C = json.loads({json.dumps(sizes)!r}, object_hook=lambda d: SimpleNamespace(**d))\n"
        "S = vars(C)\n" + body
    )


def test_a_norm_eps_read_as_a_global_namespace_attribute(tmp_path):
    """``rsqrt(x.pow(2).mean(-1, keepdim=True) + C.rms_eps)`` in a norm's ``forward``, ``C`` a
    module global: the normalisation's epsilon by what the expression computes (as
    ``H["rms_eps"]`` is); torch's output moves with it."""
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _namespace_eps_source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _namespace_eps_source({**SIZES, "rms_eps": 0.1}))
    _one(_run(planted, cfg_path), 0.1, 1e-06)
    # the value torch computes with: the two files' outputs differ on the same weights
    a, b = (runpy.run_path(str(p), run_name="__dc28b__")["Norm"](8) for p in (code, planted))
    x = torch.randn(2, 8) * 0.1
    assert (a(x) - b(x)).abs().max() > 1e-3


def test_an_attribute_of_a_global_not_under_a_root_is_no_eps(tmp_path):
    """``x * C.scale`` (no mean or variance under a square root) is no normalisation's eps."""
    from driftcheck.parsers import load

    src = (
        "from types import SimpleNamespace\n" + _HEAD + "C = SimpleNamespace(scale=0.1, eps=0.2)\n"
        "class N(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.w = nn.Parameter(torch.ones(8))\n"
        "    def forward(self, x):\n"
        "        y = x * C.scale + C.eps\n"
        "        return self.w * y / torch.sqrt(x.pow(2).mean(-1, keepdim=True)) \n"
    )
    g = load(str(_write(tmp_path, "n.py", src)))
    assert not [u for u in g.uses if u.key == "normEps"]


# ------------------------------- a head split the side does not make is never told (T5 heads)
def test_heads_changed_where_the_mlp_is_as_wide_as_the_other_sides_heads(tmp_path):
    """T5 code with 4 heads of ``d_kv = 8`` (``view(b, t, H, KV)``) and ``d_ff = 64`` against a
    config of 8 heads: 8 x 8 = 64 is the config's attention width and, by chance, the MLP
    width. The code splits nothing as 4 heads x 16 (its own splits show 8): the finding is the
    head count, 4 against 8, never an inner-width split the code does not make."""
    from tests.test_drift18_t5_distance import CODE, T5

    code = _write(tmp_path, "t5_enc.py", CODE.format(dist=128))
    ns = runpy.run_path(str(code))
    cfg, path = _config(tmp_path, "h8", "T5Config", **{**T5, "num_heads": 8})
    with torch.device("meta"):
        mine, hf = ns["M"](), transformers.T5EncoderModel(cfg)
    # torch: the code's attention is 4 x 8 = 32 wide, the config's 8 x 8 = 64
    assert mine.blocks[0].q.out_features == 32
    assert hf.encoder.block[0].layer[0].SelfAttention.q.out_features == 64
    found = _run(code, path)
    assert found
    assert not any("16" in f.message and "split" in f.message for f in found), [
        f.message for f in found
    ]
    assert all(
        not isinstance(f.values.get("left"), dict) or f.values["left"].get("headDim") != 16
        for f in found
    )
    _one_pair(found, 4, 8)
