"""reimplfix40b probes: small Llama ports written in the spellings of the three mechanisms fixed
for fresh37's dev misses, and Granite-MoE ports (rendered from the dev case
``benchmarks/reimpl/fresh37/cases/granitemoe_enum_sizes.py``) whose sizes are enum members.

- the sizes in a nested dataclass turned into a dict by ``dataclasses.asdict`` (a section field,
  three levels deep, a dict of sections, a list of sections);
- a hand-written RMSNorm adding its eps by a method call (``mean.add(eps).sqrt()``,
  ``torch.add(mean, eps).rsqrt()``) with the eps an item of a read-only mapping, an attribute of
  a namespace, or a constant of any name;
- a rotary taking each head apart by ``unflatten(-1, (2, hd // 2)).unbind(-2)`` (halves) or
  ``unflatten(-1, (hd // 2, 2)).unbind(-1)`` (interleaved pairs);
- expert tensors ``[E, 2I, D]`` / ``[E, D, I]`` sized by ``IntEnum`` / ``(int, Enum)`` members.

Ground truth is torch (``tests/test_reimplfix40b.py``): each port has the parameter count of the
HF model of its config (meta device), its norm computes HF's with the config's eps."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GRANITE = ROOT / "benchmarks/reimpl/fresh37/cases/granitemoe_enum_sizes.py"
GRANITE_CONFIG = ROOT / "benchmarks/reimpl/fresh37/configs/granitemoe_enum_sizes/config.json"

BASE = dict(vocab=320, width=64, inner=160, depth=2, heads=4, kv=2, eps=1e-5, theta=10000.0)
"""The Llama config every Llama port implements (``llama_config``)."""

# -- how the sizes are held: (header, expressions of V, D, I, L, H, KV, EPS, THETA) --------
HOLDERS: dict[str, tuple[str, dict[str, str]]] = {
    "asdict_nested": (
        """from dataclasses import asdict, dataclass, field


@dataclass
class AttnPart:
    heads: int = 32
    kv: int = 8


@dataclass
class MlpPart:
    inner: int = 11008


@dataclass
class Root:
    vocab: int = 32000
    width: int = 4096
    depth: int = 32
    eps: float = 1e-6
    theta: float = 500000.0
    attn: AttnPart = field(default_factory=AttnPart)
    mlp: MlpPart = field(default_factory=MlpPart)


C = asdict(
    Root(
        vocab={vocab}, width={width}, depth={depth}, eps={eps}, theta={theta},
        attn=AttnPart(heads={heads}, kv={kv}), mlp=MlpPart(inner={inner}),
    )
)
""",
        dict(
            V='C["vocab"]',
            D='C["width"]',
            I='C["mlp"]["inner"]',
            L='C["depth"]',
            H='C["attn"]["heads"]',
            KV='C["attn"]["kv"]',
            EPS='C["eps"]',
            THETA='C["theta"]',
        ),
    ),
    "asdict_deep": (
        """import dataclasses


@dataclasses.dataclass
class Heads:
    q: int = {heads}
    kv: int = {kv}


@dataclasses.dataclass
class Body:
    heads: Heads = dataclasses.field(default_factory=Heads)
    inner: int = {inner}
    depth: int = {depth}


@dataclasses.dataclass
class Top:
    body: Body = dataclasses.field(default_factory=Body)
    vocab: int = {vocab}
    width: int = {width}
    eps: float = {eps}
    theta: float = {theta}


FLAT = dataclasses.asdict(Top())
BODY = FLAT["body"]
""",
        dict(
            V='FLAT["vocab"]',
            D='FLAT["width"]',
            I='BODY["inner"]',
            L='BODY["depth"]',
            H='BODY["heads"]["q"]',
            KV='FLAT["body"]["heads"]["kv"]',
            EPS='FLAT["eps"]',
            THETA='FLAT["theta"]',
        ),
    ),
    "asdict_dict_of": (
        """from dataclasses import asdict, dataclass, field


@dataclass
class Part:
    a: int = 0
    b: int = 0


@dataclass
class Spec:
    parts: dict = field(
        default_factory=lambda: {{"attn": Part({heads}, {kv}), "mlp": Part({inner}, {depth})}}
    )
    vocab: int = {vocab}
    width: int = {width}
    eps: float = {eps}
    theta: float = {theta}


S = asdict(Spec())
""",
        dict(
            V='S["vocab"]',
            D='S["width"]',
            I='S["parts"]["mlp"]["a"]',
            L='S["parts"]["mlp"]["b"]',
            H='S["parts"]["attn"]["a"]',
            KV='S["parts"]["attn"]["b"]',
            EPS='S["eps"]',
            THETA='S["theta"]',
        ),
    ),
    "asdict_list": (
        """from dataclasses import asdict, dataclass, field


@dataclass
class Stage:
    heads: int
    kv: int
    inner: int


@dataclass
class Plan:
    stages: list = field(default_factory=list)
    vocab: int = {vocab}
    width: int = {width}
    eps: float = {eps}
    theta: float = {theta}


P = asdict(Plan(stages=[Stage({heads}, {kv}, {inner}) for _ in range({depth})]))
""",
        dict(
            V='P["vocab"]',
            D='P["width"]',
            I='P["stages"][0]["inner"]',
            L='len(P["stages"])',
            H='P["stages"][0]["heads"]',
            KV='P["stages"][-1]["kv"]',
            EPS='P["eps"]',
            THETA='P["theta"]',
        ),
    ),
    "mappingproxy": (
        """from types import MappingProxyType

HP = MappingProxyType(
    {{
        "n_vocab": {vocab}, "n_embd": {width}, "n_inner": {inner}, "n_layer": {depth},
        "n_head": {heads}, "n_head_kv": {kv}, "rms_eps": {eps}, "rope_base": {theta},
    }}
)
""",
        dict(
            V='HP["n_vocab"]',
            D='HP["n_embd"]',
            I='HP["n_inner"]',
            L='HP["n_layer"]',
            H='HP["n_head"]',
            KV='HP["n_head_kv"]',
            EPS='HP["rms_eps"]',
            THETA='HP["rope_base"]',
        ),
    ),
    "namespace": (
        """from types import SimpleNamespace

NS = SimpleNamespace(
    vocab={vocab}, width={width}, inner={inner}, depth={depth}, heads={heads}, kv={kv},
    stability={eps}, base={theta},
)
""",
        dict(
            V="NS.vocab",
            D="NS.width",
            I="NS.inner",
            L="NS.depth",
            H="NS.heads",
            KV="NS.kv",
            EPS="NS.stability",
            THETA="NS.base",
        ),
    ),
    "constants": (
        """VOCAB, WIDTH, INNER, DEPTH = {vocab}, {width}, {inner}, {depth}
N_Q, N_KV = {heads}, {kv}
SMOOTH = {eps}
BASE = {theta}
""",
        dict(
            V="VOCAB",
            D="WIDTH",
            I="INNER",
            L="DEPTH",
            H="N_Q",
            KV="N_KV",
            EPS="SMOOTH",
            THETA="BASE",
        ),
    ),
}

NORMS = {
    "binop": "return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + {EPS})",
    "add_method": "return self.weight * x / x.pow(2).mean(-1, keepdim=True).add({EPS}).sqrt()",
    "torch_add": (
        "return self.weight * (x * torch.add(x.pow(2).mean(-1, keepdim=True), {EPS}).rsqrt())"
    ),
}

ROPES = {
    "slice": """x1, x2 = x[..., : hd // 2], x[..., hd // 2 :]
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], -1)""",
    "halves": """x1, x2 = x.unflatten(-1, (2, hd // 2)).unbind(-2)
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], -1)""",
    "pairs": """x1, x2 = x.unflatten(-1, (hd // 2, 2)).unbind(-1)
    return torch.stack([x1 * c - x2 * s, x2 * c + x1 * s], -1).flatten(-2)""",
}

LLAMA = '''"""A small Llama written by hand (reimplfix40b probe)."""

import torch
from torch import nn
from torch.nn import functional as F

{header}

class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        {norm}


def rope(x, pos):
    hd = x.shape[-1]
    inv = {THETA} ** (-torch.arange(0, hd, 2).float() / hd)
    ang = (pos.float()[:, None] * inv[None])[:, None, :]
    c, s = ang.cos(), ang.sin()
    {rope}


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        hd = {D} // {H}
        self.q = nn.Linear({D}, {H} * hd, bias=False)
        self.k = nn.Linear({D}, {KV} * hd, bias=False)
        self.v = nn.Linear({D}, {KV} * hd, bias=False)
        self.o = nn.Linear({H} * hd, {D}, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = {D} // {H}
        pos = torch.arange(t)
        q = rope(self.q(x).view(b, t, {H}, hd), pos).transpose(1, 2)
        k = rope(self.k(x).view(b, t, {KV}, hd), pos).transpose(1, 2)
        v = self.v(x).view(b, t, {KV}, hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear({D}, {I}, bias=False)
        self.up = nn.Linear({D}, {I}, bias=False)
        self.down = nn.Linear({I}, {D}, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = RMSNorm({D})
        self.attn = Attention()
        self.n2 = RMSNorm({D})
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.mlp(self.n2(x))


class TinyLlama(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding({V}, {D})
        self.blocks = nn.ModuleList([Block() for _ in range({L})])
        self.norm = RMSNorm({D})
        self.lm_head = nn.Linear({D}, {V}, bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.norm(x))
'''


def render_llama(holder: str, norm: str = "binop", rope: str = "slice", **change) -> str:
    vals = {**BASE, **change}
    header, ex = HOLDERS[holder]
    text = LLAMA.replace("{header}", header.format(**vals))
    text = text.replace("{norm}", NORMS[norm]).replace("{rope}", ROPES[rope])
    for k, v in ex.items():
        text = text.replace("{" + k + "}", v)
    return text


def llama_config(path: Path, **change) -> Path:
    """``config.json`` of the HF Llama every Llama port implements, written by transformers."""
    import transformers

    v = {**BASE, **change}
    cfg = transformers.LlamaConfig(
        vocab_size=v["vocab"],
        hidden_size=v["width"],
        intermediate_size=v["inner"],
        num_hidden_layers=v["depth"],
        num_attention_heads=v["heads"],
        num_key_value_heads=v["kv"],
        rms_norm_eps=v["eps"],
        rope_theta=v["theta"],
        tie_word_embeddings=False,
        max_position_embeddings=256,
    )
    cfg.architectures = ["LlamaForCausalLM"]
    path.mkdir(parents=True, exist_ok=True)
    cfg.save_pretrained(path)
    return path / "config.json"


GRANITE_ENUMS = {
    "intenum": "class Size(enum.IntEnum):\n",
    "int_mixin": "class Size(int, enum.Enum):\n",
}


def render_granite(spelling: str, **change: int) -> str:
    """The dev case with its ``Size`` class spelled ``spelling``, members changed by ``change``
    (``EXPERT_FF=128``)."""
    text = GRANITE.read_text()
    head = "class Size(enum.IntEnum):\n"
    assert head in text
    text = text.replace(head, GRANITE_ENUMS[spelling])
    for name, v in change.items():
        line = next(ln for ln in text.splitlines() if ln.strip().startswith(f"{name} = "))
        text = text.replace(line + "\n", f"    {name} = {v}\n", 1)
    return text


def write(path: Path, text: str) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    out = path / "port.py"
    out.write_text(text)
    return out


KV_FUSED_OLD = """        self.k = nn.Linear({D}, {KV} * hd, bias=False)
        self.v = nn.Linear({D}, {KV} * hd, bias=False)
"""
KV_FUSED_NEW = """        self.kv = nn.Linear({D}, {KV} * 2 * hd, bias=False)
"""
KV_FWD_OLD = """        k = rope(self.k(x).view(b, t, {KV}, hd), pos).transpose(1, 2)
        v = self.v(x).view(b, t, {KV}, hd).transpose(1, 2)
"""
KV_FWD_NEW = """        k, v = self.kv(x).view(b, t, {KV}, 2 * hd).unflatten(-1, (2, hd)).unbind(-2)
        k, v = rope(k, pos).transpose(1, 2), v.transpose(1, 2)
"""


def render_kv_fused(rope: str = "halves", **change) -> str:
    """A port whose keys and values are one projection per head (``[kv, 2 * hd]``) cut into the
    key and the value by ``unflatten(-1, (2, hd)).unbind(-2)``: the same reshape as a rotary's
    halves, never joined again (``ropehalves._rejoined``)."""
    vals = {**BASE, **change}
    header, ex = HOLDERS["constants"]
    text = LLAMA.replace(KV_FUSED_OLD, KV_FUSED_NEW).replace(KV_FWD_OLD, KV_FWD_NEW)
    assert KV_FUSED_NEW in text and KV_FWD_NEW in text
    text = text.replace("{header}", header.format(**vals))
    text = text.replace("{norm}", NORMS["binop"]).replace("{rope}", ROPES[rope])
    for k, v in ex.items():
        text = text.replace("{" + k + "}", v)
    return text
