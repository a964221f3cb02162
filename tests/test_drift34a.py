"""Session 34 (reimplfix34): fresh30's last dev misses and two confident-value gaps.

- derive ``_stack_width``: a model with no token table and no patch embedding (an audio
  encoder fed by convolutions) has the width its layer stack's norms share; the rule is
  checked against torch (transformers' HubertModel's encoder-layer norms are
  ``hidden_size`` wide) and on the set's dev HuBERT port (clean: no finding; a changed width:
  one finding holding both widths);
- a table's ``head_dim`` read by ``forward`` is a headDim use (a functional port's
  ``view(b, t, -1, hd)``): GLM's head width and partial rotary factor found;
- a temporary directory's / file's name is CPython's random one: ``len()``, characters and
  ``str`` methods of it are unknown (no count), while the name still works as a path;
- ``print(..., file=buf)`` at top level writes into the ``io.StringIO`` (was skipped: a
  confident wrong ``len(buf.getvalue())``), proven against CPython's count.
"""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.drift_support import count, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

SET = Path(__file__).resolve().parent.parent / "benchmarks" / "reimpl" / "fresh30"
HUBERT = SET / "cases" / "hubert_argparse_fromfile_args.py"
HUBERT_CFG = SET / "configs" / "hubert_argparse_fromfile_args" / "config.json"
GLM = SET / "cases" / "glm_jsonc_comments_stripped.py"
GLM_CFG = SET / "configs" / "glm_jsonc_comments_stripped" / "config.json"


def _cpython(code: Path) -> int:
    with torch.device("meta"):
        return count(runpy.run_path(str(code), run_name="__d34a__")["M"]())


def _static(code: Path) -> int | None:
    return parse_source(code).params_total()


def _hf(cfg_path: Path, cls: str):
    cfg = getattr(transformers, cls.replace("Model", "Config").replace("ForCausalLM", "Config"))
    c = cfg.from_dict(json.loads(cfg_path.read_text()))
    with torch.device("meta"):
        return getattr(transformers, cls)(c), c


def test_hubert_stack_norms_are_the_config_width():
    """Ground truth for the rule: every norm inside transformers' HuBERT layers normalizes
    over ``hidden_size`` (and the model has no token table)."""
    m, c = _hf(HUBERT_CFG, "HubertModel")
    shapes = {
        tuple(mod.normalized_shape)
        for name, mod in m.encoder.layers.named_modules()
        if isinstance(mod, torch.nn.LayerNorm)
    }
    assert shapes == {(c.hidden_size,)}
    assert not any(isinstance(x, torch.nn.Embedding) for x in m.modules())


def _with_width(tmp_path: Path, width: int) -> Path:
    src = HUBERT.read_text().replace("--hidden=64", f"--hidden={width}")
    return write(tmp_path, "h.py", src)


def test_hubert_width_is_found(tmp_path):
    assert run(HUBERT, HUBERT_CFG) == []
    code = _with_width(tmp_path, 96)
    with torch.device("meta"):  # the code really is 96 wide
        ns = runpy.run_path(str(code), run_name="__d34a__")
        assert ns["Hubert"]().feature_proj.out_features == 96
    found = run(code, HUBERT_CFG)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {96, 64}
    assert "hiddenSize" in found[0].message


def test_hubert_config_width_is_found(tmp_path):
    cfg = json.loads(HUBERT_CFG.read_text())
    cfg["hidden_size"] = 96
    d = tmp_path / "c"
    d.mkdir()
    (d / "config.json").write_text(json.dumps(cfg))
    found = run(HUBERT, d / "config.json")
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {64, 96}


def test_stack_width_can_be_switched_off(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_STACK_WIDTH", "1")
    found = run(_with_width(tmp_path, 96), HUBERT_CFG)
    assert not any("hiddenSize" in f.message for f in found)


def _glm(tmp_path: Path, old: str, new: str) -> Path:
    src = GLM.read_text()
    assert old in src
    return write(tmp_path, "g.py", src.replace(old, new))


def test_glm_head_dim_read_by_forward(tmp_path):
    assert run(GLM, GLM_CFG) == []
    code = _glm(tmp_path, '"head_dim": 16', '"head_dim": 32')
    m, c = _hf(GLM_CFG, "GlmForCausalLM")
    assert c.head_dim == 16 and m.model.layers[0].self_attn.q_proj.out_features == 4 * 16
    with torch.device("meta"):
        lm = runpy.run_path(str(code), run_name="__d34a__")["GlmLM"]()
    assert lm.layers[0]["wq"].shape[0] == 4 * 32  # the code's heads are 32 wide
    found = run(code, GLM_CFG)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {32, 16}
    assert "headDim" in found[0].message


def test_glm_partial_rotary_factor(tmp_path):
    code = _glm(tmp_path, '"rotary_fraction": 0.5', '"rotary_fraction": 1.0')
    m, c = _hf(GLM_CFG, "GlmForCausalLM")
    assert c.rope_parameters["partial_rotary_factor"] == 0.5
    # transformers turns 8 of the 16 head dims: 4 frequencies
    assert m.model.rotary_emb.inv_freq.shape[-1] == 4
    found = run(code, GLM_CFG)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {1.0, 0.5}


MODEL = """
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(W + 1, 2)
"""

SCRATCH = {
    "dir_len": """
import tempfile
from torch import nn
with tempfile.TemporaryDirectory() as tmp:
    W = len(tmp)
""",
    "named_len": """
import tempfile
from torch import nn
with tempfile.NamedTemporaryFile("w+") as f:
    W = len(f.name)
""",
    "path_len": """
import tempfile
from pathlib import Path
from torch import nn
with tempfile.TemporaryDirectory() as tmp:
    W = len(str(Path(tmp) / "x.json"))
""",
    "join_len": """
import os, tempfile
from torch import nn
with tempfile.TemporaryDirectory() as tmp:
    W = len(os.path.join(tmp, "a.json")) + len(os.path.basename(tmp))
""",
    "methods": """
import tempfile
from torch import nn
with tempfile.TemporaryDirectory() as tmp:
    W = tmp.count("-") + len(tmp.split("/")) + tmp.find("p")
""",
    "chars": """
import tempfile
from torch import nn
with tempfile.TemporaryDirectory() as tmp:
    W = ord(tmp[-1]) + len(tmp[1:])
""",
}


@pytest.mark.parametrize("case", sorted(SCRATCH))
def test_a_temporary_name_is_not_read_as_text(tmp_path, case):
    code = write(tmp_path, "s.py", SCRATCH[case] + MODEL)
    assert _cpython(code) > 0  # CPython runs it (with its own random name)
    assert _static(code) is None


def test_a_temporary_name_still_works_as_a_path(tmp_path):
    src = """
import tempfile
from pathlib import Path
from torch import nn
with tempfile.TemporaryDirectory() as tmp:
    p = Path(tmp) / "c.txt"
    p.write_text("7")
    W = int(p.read_text()) + len(p.name)
"""
    code = write(tmp_path, "s.py", src + MODEL)
    assert _static(code) == _cpython(code) == (7 + 5 + 1) * 2 + 2


PRINTS = {
    "one": 'print("hello", 12, file=buf)\n',
    "sep_end": 'print("a", "b", sep="-", end="", file=buf)\nprint(3.5, file=buf)\n',
    "mixed": 'print("x", file=buf)\nbuf.write("yz")\nprint(None, True, file=buf)\n',
}


@pytest.mark.parametrize("case", sorted(PRINTS))
def test_print_into_a_stringio_at_top_level(tmp_path, case):
    src = "import io\nfrom torch import nn\nbuf = io.StringIO()\n" + PRINTS[case]
    src += "W = len(buf.getvalue())\n"
    code = write(tmp_path, "p.py", src + MODEL)
    assert _static(code) == _cpython(code)


def test_print_into_a_stringio_in_a_function(tmp_path):
    src = """
import io
from torch import nn

def width():
    buf = io.StringIO()
    print("hello", 12, file=buf)
    return len(buf.getvalue())

W = width()
"""
    code = write(tmp_path, "p.py", src + MODEL)
    assert _static(code) == _cpython(code)


def test_print_of_a_value_not_known_is_unknown(tmp_path):
    src = "import io, os\nfrom torch import nn\nbuf = io.StringIO()\n"
    src += 'print(os.environ.get("HOME"), file=buf)\nW = len(buf.getvalue())\n'
    code = write(tmp_path, "p.py", src + MODEL)
    assert _cpython(code) > 0
    assert _static(code) is None
