"""Drift between re-implementations and their configs (session 29, issue #17: fresh26's
development part). Each rule is shown on code written here (not the corpus's): torch builds the
code and transformers' model for the same config and counts both; then the comparison says
nothing on the clean pair and one finding holding both values where one value differs; and the
input the rule refuses leaves the sizes unknown (no finding, never a guess).

- sizes in a quoted-printable mail body (``quopri.decodestring``, library/purecalls.py);
- sizes in a ``marshal`` blob cache (``marshal.loads(marshal.dumps(d))``, library/purecalls.py);
- sizes in a stream of concatenated JSON documents read by ``json.JSONDecoder().raw_decode``
  in a loop (library/wildlib.py);
- sizes in a checkpoint's ``hparams`` saved with ``torch.save`` into an ``io.BytesIO`` and read
  back with ``torch.load`` (library/configtexts.py, torchfns.py);
- the JAX style: a template module kept outside the submodules and run by
  ``torch.func.functional_call`` with one flat ``ParameterDict`` of weights
  (output/functemplate.py, forward/dataflow_call.py).
"""

from __future__ import annotations

import json
import marshal
import quopri
import runpy

import pytest

from driftcheck.parsers.source import parse_source
from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from tests.test_drift25b import LLAMA_BODY, LLAMA_CFG, SIZES  # noqa: E402

HEAD = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n"


def _quopri_source(sizes: dict) -> str:
    text = "".join(f"{k}={v!r}\n" for k, v in sizes.items())
    body = b"> heads=64 width=4096\n" + quopri.encodestring(text.encode("ascii"), quotetabs=True)
    return (
        "import ast\nimport quopri\n\n" + HEAD + f"\nBODY = {body!r}\nS = {{}}\n"
        "for line in quopri.decodestring(BODY).decode('ascii').splitlines():\n"
        "    if line.startswith('>'):\n        continue\n"
        "    k, sep, v = line.partition('=')\n"
        "    if sep:\n        S[k.strip()] = ast.literal_eval(v.strip())\n" + LLAMA_BODY
    )


def _marshal_source(sizes: dict) -> str:
    big = {**sizes, "width": 4096, "heads": 32}
    return (
        "import marshal\n\n" + HEAD + f"\nCACHE = {{'big': marshal.dumps({big!r}), "
        f"'tiny': marshal.dumps({sizes!r})}}\nS = marshal.loads(CACHE['tiny'])\n" + LLAMA_BODY
    )


def _stream_source(sizes: dict) -> str:
    first = json.dumps({**sizes, "width": 4096, "heads": 32})
    stream = first + "\n" + json.dumps(sizes, indent=1) + "\n"
    return (
        "import json\n\n" + HEAD + f"\nSTREAM = {stream!r}\n\n\ndef read(text):\n"
        "    dec, out, pos = json.JSONDecoder(), {}, 0\n    while True:\n"
        "        while pos < len(text) and text[pos].isspace():\n            pos += 1\n"
        "        if pos == len(text):\n            return out\n"
        "        doc, pos = dec.raw_decode(text, pos)\n        out.update(doc)\n\n\n"
        "S = read(STREAM)\n" + LLAMA_BODY
    )


def _torch_save_source(sizes: dict) -> str:
    return (
        "import io\n\n" + HEAD + "\n\ndef _blob():\n    buf = io.BytesIO()\n"
        f"    torch.save({{'step': 10, 'hparams': {sizes!r}}}, buf)\n    return buf.getvalue()\n\n\n"
        "S = torch.load(io.BytesIO(_blob()), weights_only=True)['hparams']\n" + LLAMA_BODY
    )


@pytest.mark.parametrize(
    "source",
    [_quopri_source, _marshal_source, _stream_source, _torch_save_source],
    ids=["quopri", "marshal", "raw_decode_stream", "torch_save_bytesio"],
)
def test_sizes_from_a_new_stdlib_source(tmp_path, source):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", source(SIZES))
    assert _count(_mine(code, "Tiny")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", source({**SIZES, "ffn": 40}))
    assert _count(_mine(planted, "Tiny")) != _count(_hf(cfg, "LlamaForCausalLM"))
    _one(_run(planted, cfg_path), 40, 48)


@pytest.mark.parametrize(
    "source",
    [
        # marshal.loads of bytes it did not make here (marshal is not safe on other data)
        lambda s: (
            "import marshal\n\n"
            + HEAD
            + f"\nS = marshal.loads({marshal.dumps(s)!r})\n"
            + LLAMA_BODY
        ),
        # torch.load of a path: nothing is read from disk
        lambda s: HEAD + "\nS = torch.load('hp.pt')\n" + LLAMA_BODY,
        # the buffer read from its end (torch.save left the position there): torch raises
        lambda s: (
            "import io\n\n" + HEAD + "\nB = io.BytesIO()\n"
            f"torch.save({s!r}, B)\nS = torch.load(B)\n" + LLAMA_BODY
        ),
    ],
    ids=["marshal_foreign_bytes", "torch_load_path", "torch_load_at_end"],
)
def test_sources_not_modelled_stay_unknown(tmp_path, source):
    cfg, cfg_path = _config(
        tmp_path, "cfg", "LlamaConfig", **{**LLAMA_CFG, "intermediate_size": 40}
    )
    code = _write(tmp_path, "tiny.py", source(SIZES))
    assert _run(code, cfg_path) == []  # sizes unknown: no finding, never a guess
    g = parse_source(code, entry="Tiny")
    assert g.params_total() is None


FUNCTIONAL = """
class Functional(nn.Module):
    def __init__(self):
        super().__init__()
        with torch.device("meta"):
            template = Tiny()
        self.__dict__["template"] = template
        self.drop = nn.Dropout(0.0)  # no weights: kept beside the template
        self.weights = nn.ParameterDict(
            {n.replace(".", "__"): nn.Parameter(torch.zeros(p.shape)) for n, p in template.named_parameters()}
        )

    def forward(self, ids):
        w = {k.replace("__", "."): p for k, p in self.weights.items()}
        return self.drop(torch.func.functional_call(self.template, w, (ids,)))
"""


def _functional_source(sizes: dict) -> str:
    return HEAD + f"\nS = {sizes!r}\n" + LLAMA_BODY + FUNCTIONAL


def test_functional_call_template_is_the_models_layers(tmp_path):
    cfg, cfg_path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    code = _write(tmp_path, "tiny.py", _functional_source(SIZES))
    mine = _mine(code, "Functional")
    assert _count(mine) == _count(_hf(cfg, "LlamaForCausalLM"))
    # torch runs the template (meta device) with the flat weights: the template's output
    ns = runpy.run_path(str(code), run_name="__drift29b__")
    torch.manual_seed(0)
    real, ref = ns["Functional"](), ns["Tiny"]()
    with torch.no_grad():
        for n, p in ref.named_parameters():
            real.weights[n.replace(".", "__")].copy_(p)
    ids = torch.tensor([[1, 2, 3]])
    assert torch.allclose(real(ids), ref(ids))
    g = parse_source(code, entry="Functional")
    assert g.params_total() == _count(mine)
    assert any(n.type == "Linear" for n in g.nodes)  # the template's layers
    assert _run(code, cfg_path) == []
    planted = _write(tmp_path, "planted.py", _functional_source({**SIZES, "ffn": 40}))
    _one(_run(planted, cfg_path), 40, 48)


def test_functional_call_with_other_shapes_is_not_adopted(tmp_path):
    # the flat weights do not mirror the template (one tensor of another shape): the module
    # keeps its own parameters, the template is not its layers
    src = _functional_source(SIZES).replace(
        "nn.Parameter(torch.zeros(p.shape))", "nn.Parameter(torch.zeros(p.shape[0] + 1))"
    )
    code = _write(tmp_path, "tiny.py", src)
    g = parse_source(code, entry="Functional")
    assert g.params_total() == _count(_mine(code, "Functional"))
    assert not any(n.type == "Linear" for n in g.nodes)
