"""Facts a re-implementation states only in passing, read statically and proven in torch.

A RoPE base is often a local: an argument of a user's rotary class or function that computes
``inv_freq = 1 / base ** (arange(0, dim, 2) / dim)`` and keeps only the frequencies. torch
tells the base back from the frequencies it built (``inv_freq[1] ** (-dim / 2)``); the static
graph must hold the same value as a ``ropeTheta`` use, and a config that says another theta
is one finding holding both values."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")

HEAD = "import torch\nimport torch.nn as nn\n\nDIM = 32\nHEADS = 4\nLAYERS = 2\nVOCAB = 100\n"

ROTARY = {
    # a class that keeps only the cos/sin tables built from its ``base`` argument
    "class_argument": (
        """
class Rotary(nn.Module):
    def __init__(self, dim, max_len, base):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
""",
        "Rotary(DIM // HEADS, 64, {theta})",
    ),
    # Meta's module-level function, the result registered as a buffer
    "function": (
        """
def precompute(dim, end, theta=10000.0):
    return 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))

class Rotary(nn.Module):
    def __init__(self, dim, end, theta):
        super().__init__()
        self.register_buffer("inv_freq", precompute(dim, end, theta), persistent=False)
""",
        "Rotary(DIM // HEADS, 64, theta={theta})",
    ),
}

MODEL = """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(DIM, DIM, bias=False)
        self.k_proj = nn.Linear(DIM, DIM, bias=False)
        self.v_proj = nn.Linear(DIM, DIM, bias=False)
        self.o_proj = nn.Linear(DIM, DIM, bias=False)
        self.gate_proj = nn.Linear(DIM, 64, bias=False)
        self.up_proj = nn.Linear(DIM, 64, bias=False)
        self.down_proj = nn.Linear(64, DIM, bias=False)
        self.input_layernorm = nn.RMSNorm(DIM, eps=1e-6)
        self.post_attention_layernorm = nn.RMSNorm(DIM, eps=1e-6)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList([Block() for _ in range(LAYERS)])
        self.norm = nn.RMSNorm(DIM, eps=1e-6)
        self.lm_head = nn.Linear(DIM, VOCAB, bias=False)
        self.rotary = {rotary}
"""


def _code(tmp_path: Path, form: str, theta: float) -> Path:
    cls, call = ROTARY[form]
    p = tmp_path / f"{form}_{int(theta)}.py"
    p.write_text(HEAD + cls + MODEL.format(rotary=call.format(theta=theta)))
    return p


def _torch_module(path: Path, cls: str | None = None):
    """Build the file's model in torch (``cls``, or its last nn.Module class)."""
    spec = importlib.util.spec_from_file_location(f"facts_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(spec.name, None)
    if cls is None:
        mods = [
            o
            for o in vars(mod).values()
            if isinstance(o, type)
            and issubclass(o, torch.nn.Module)
            and o.__module__ == mod.__name__
        ]
        return mods[-1]()
    return getattr(mod, cls)()


def _torch_base(path: Path) -> float:
    inv = _torch_module(path, "Model").rotary.inv_freq.double()
    dim = 2 * inv.numel()
    return float(inv[1] ** (-dim / 2))


CORPUS = Path(__file__).resolve().parent.parent / "benchmarks" / "reimpl"


def _findings(code: Path, config: Path):
    from driftcheck.drift import drift, load_sides

    sides = load_sides(str(code), str(config))
    return [f for f in drift(sides, str(code), str(config)) if f.severity.rank >= 1]


@pytest.mark.parametrize("form", sorted(ROTARY))
def test_rope_base_of_a_users_rotary_is_a_use(tmp_path, form):
    code = _code(tmp_path, form, 500000.0)
    assert _torch_base(code) == pytest.approx(500000.0, rel=1e-6)  # torch: the base it built
    held = [u.value for u in parse_source(str(code)).uses if u.key == "ropeTheta"]
    assert held == [500000.0]


@pytest.mark.parametrize(
    "case, line",
    [
        ("llama_fused", "ROPE_THETA = 10000.0"),  # a constant passed to Rotary(..., base)
        ("mistral_meta", "rope_theta: float = 1000000.0"),  # a dataclass field -> a function
    ],
)
def test_rope_base_against_the_config(tmp_path, case, line):
    """The re-implementation's own base against its config: one finding, both values."""
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(line) == 1
    code = tmp_path / f"{case}.py"
    code.write_text(src.replace(line, line.split("=")[0] + "= 500000.0"))
    config = json.loads((CORPUS / "manifest.json").read_text())
    cfg = CORPUS / next(c["config"] for c in config["cases"] if c["name"] == case)
    want = json.loads(cfg.read_text())["rope_parameters"]["rope_theta"]
    fs = _findings(code, cfg)
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": 500000.0, "right": want}


def test_a_number_to_a_number_power_is_no_rope_base(tmp_path):
    """``head_dim ** -0.5`` and ``2 ** k`` on plain numbers are not frequencies."""
    p = tmp_path / "scale.py"
    p.write_text(
        HEAD
        + "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.scale = (DIM // HEADS) ** -0.5\n        self.n = 2 ** 4\n"
        + "        self.proj = nn.Linear(DIM, DIM)\n"
    )
    assert [u for u in parse_source(str(p)).uses if u.key == "ropeTheta"] == []


# ---------------------------------------------------------------- experts and stages


def _derived(graph_path: str, config: str):
    """Both sides' structural facts (code, config) as ``compare`` derives them."""
    from driftcheck.drift import load_sides
    from driftcheck.graph.match.canon import canonicalise
    from driftcheck.graph.match.derive import derive, stages

    sides = load_sides(graph_path, config)
    a, b = canonicalise(sides.left, sides.right)
    out = []
    for g, items in ((sides.left, a), (sides.right, b)):
        d = derive(items)
        d.update(stages(g))
        out.append({k: v.value for k, v in d.items()})
    return out


def _hf(config: Path):
    import transformers

    cfg = transformers.AutoConfig.from_pretrained(config.parent)
    with torch.device("meta"):
        return getattr(transformers, cfg.architectures[0])(cfg)


def test_expert_count_from_per_expert_modules_and_fused_tensors():
    """Per-expert modules (the code) and transformers 5's fused expert tensors (the config's
    model) give the expert count torch builds, read off the router and the copies."""
    case = CORPUS / "cases" / "mixtral_hf.py"
    cfg = CORPUS / "configs" / "mixtral" / "config.json"
    code = _torch_module(case)
    want_code = len(code.layers[0].mlp.experts)
    want_hf = _hf(cfg).model.layers[0].mlp.experts.gate_up_proj.shape[0]
    code_facts, cfg_facts = _derived(str(case), str(cfg))
    assert code_facts["numExperts"] == want_code == 4
    assert cfg_facts["numExperts"] == want_hf == 4
    fs = _findings(CORPUS / "planted" / "mixtral_hf__experts.py", cfg)
    assert len(fs) == 1 and fs[0].values == {"left": 8, "right": 4}, [f.message for f in fs]


@pytest.mark.parametrize(
    "arch, case", [("resnet", "resnet_dataclass"), ("convnext", "convnext_dict")]
)
def test_stage_facts_match_torch(arch, case):
    """Blocks per stage and stage widths, for the re-implementation and the HF model of its
    config, equal what torch builds (stage modules counted, widths from the weights)."""
    cfg = CORPUS / "configs" / arch / "config.json"
    hf = _hf(cfg)
    depths = [len(s.layers) for s in hf.encoder.stages]
    widths = []
    for s in hf.encoder.stages:
        convs = [m for m in s.modules() if isinstance(m, (torch.nn.Conv2d, torch.nn.Linear))]
        widths.append(convs[-1].weight.shape[0])
    code_facts, cfg_facts = _derived(str(CORPUS / "cases" / f"{case}.py"), str(cfg))
    for facts in (code_facts, cfg_facts):
        assert facts["stageDepths"] == depths
        assert facts["stageWidths"] == widths


@pytest.mark.parametrize(
    "plant, values",
    [
        ("resnet_dataclass__depth", ([2, 3], [2, 2])),
        ("convnext_constants__width", ([16, 48], [16, 32])),
        ("convnext_dataclass__depth", ([2, 3], [2, 2])),
    ],
)
def test_a_stage_change_is_one_finding(plant, values):
    arch = plant.split("_")[0]
    fs = _findings(CORPUS / "planted" / f"{plant}.py", CORPUS / "configs" / arch / "config.json")
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": values[0], "right": values[1]}


def test_a_transformer_has_no_stages():
    """One width throughout: depth is numLayers, no stage facts."""
    case = CORPUS / "cases" / "llama_fused.py"
    code_facts, cfg_facts = _derived(str(case), str(CORPUS / "configs" / "llama" / "config.json"))
    assert "stageDepths" not in code_facts and "stageDepths" not in cfg_facts


def test_input_channels_are_the_mel_bins_torch_reads():
    """Whisper's first convolution reads the mel bins: the same value off both graphs as torch
    builds, and a changed count is one finding holding both values."""
    cfg = CORPUS / "configs" / "whisper" / "config.json"
    want = _hf(cfg).encoder.conv1.in_channels
    case = CORPUS / "cases" / "whisper_constants.py"
    code = _torch_module(case)
    first = next(m for m in code.modules() if isinstance(m, torch.nn.Conv1d))
    code_facts, cfg_facts = _derived(str(case), str(cfg))
    assert code_facts["inputChannels"] == first.in_channels == want
    assert cfg_facts["inputChannels"] == want
    fs = _findings(CORPUS / "planted" / "whisper_constants__mels.py", cfg)
    assert len(fs) == 1 and fs[0].values == {"left": 32, "right": want}, [f.message for f in fs]


@pytest.mark.parametrize("tie", [None, False, True])
def test_gpt_neox_head_is_tied_only_when_the_config_ties(tmp_path, tie):
    """The static graph of GPTNeoXForCausalLM ties ``lm_head`` to ``embed_in`` exactly when
    torch does (GPTNeoXConfig leaves tying off by default), with torch's parameter count."""
    import transformers

    from driftcheck.parsers.hf import config_graph

    kw = dict(vocab_size=100, hidden_size=32, num_hidden_layers=1, num_attention_heads=4,
              intermediate_size=64)  # fmt: skip
    if tie is not None:
        kw["tie_word_embeddings"] = tie
    cfg = transformers.GPTNeoXConfig(**kw)
    cfg.architectures = ["GPTNeoXForCausalLM"]
    cfg.save_pretrained(tmp_path)
    with torch.device("meta"):
        m = transformers.GPTNeoXForCausalLM(transformers.AutoConfig.from_pretrained(tmp_path))
    tied = m.lm_head.weight is m.gpt_neox.embed_in.weight
    g, _ = config_graph(str(tmp_path / "config.json"), entry="GPTNeoXForCausalLM")
    head = next(n for n in g.nodes if n.id == "lm_head")
    assert bool(head.tied) is tied
    assert g.params_total() == sum(p.numel() for p in m.parameters())


def test_a_use_diff_is_the_root_of_the_structure_it_explains():
    """8 heads where the T5 config says 4: the code holds ``n_heads`` (a use, no attention
    layer states it), and the relative-bias table [32, 8] against [32, 4] has the same two
    values. The head count is the one finding; the widths it changes are listed under it."""
    fs = _findings(
        CORPUS / "planted" / "t5_dataclass__heads.py", CORPUS / "configs" / "t5" / "config.json"
    )
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": 8, "right": 4}
    why = fs[0].evidence or ""
    assert "same values in embedding.embeddingDim" in why
    assert "linear.outFeatures 128 -> 64" in why
