"""Torch references for catalogue entries that torch.nn lacks (tests only).

Each builder takes a layer's *bound* params and returns a real ``nn.Module``. Where
transformers ships the layer (LlamaAttention, Qwen3Attention, DeepseekV3Attention, LlamaMLP,
MixtralSparseMoeBlock, Conv1D, ...) the builder returns that class, built from a small config:
those are the best grounding. Otherwise it is a short module written after the original code
(nanoGPT, timm, torchvision, diffusers), with the same parameter names.

A module may carry ``dc_forward``: the call the generic test makes instead of ``module(...)``,
for modules whose forward needs extra arguments (position embeddings, expert routing).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import torch
import torch.nn.functional as F
from torch import nn

Builder = Callable[[dict], nn.Module]
REFERENCES: dict[str, Builder] = {}


def ref(name: str) -> Callable[[Builder], Builder]:
    def deco(fn: Builder) -> Builder:
        REFERENCES[name] = fn
        return fn

    return deco


class Fn(nn.Module):
    """A parameter-free module around a function of its inputs."""

    def __init__(self, fn: Callable[..., torch.Tensor]) -> None:
        super().__init__()
        self.fn = fn

    def forward(self, *xs: torch.Tensor) -> torch.Tensor:
        return self.fn(*xs)


# ---------------------------------------------------------------- core
class _Param(nn.Module):
    def __init__(self, shape) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(*shape))

    def forward(self) -> torch.Tensor:
        return self.weight


@ref("parameter")
def _parameter(p):
    return _Param(p["shape"])


@ref("add")
def _add(p):
    return Fn(torch.add)


# ---------------------------------------------------------------- attention
def _rope_config(cls, **kw):
    cfg = cls(**kw)
    cfg._attn_implementation = "eager"
    return cfg


def _with_rope(module: nn.Module, rope_dim: int) -> nn.Module:
    """HF attention takes (cos, sin) from the model; feed zeros of the right shape."""

    def call(x: torch.Tensor) -> torch.Tensor:
        b, t = x.shape[:2]
        cos = torch.ones(b, t, rope_dim, device=x.device, dtype=x.dtype)
        sin = torch.zeros(b, t, rope_dim, device=x.device, dtype=x.dtype)
        return module(x, (cos, sin), None)[0]

    module.dc_forward = call
    return module


@ref("hf_attention")
def _hf_attention(p):
    heads = p["num_heads"]
    kv = p["num_kv_heads"] or heads
    hd = p["head_dim"] or p["hidden_size"] // heads
    o_bias = p["bias"] if p["o_bias"] is None else p["o_bias"]
    common = dict(
        hidden_size=p["hidden_size"],
        num_attention_heads=heads,
        num_key_value_heads=kv,
        head_dim=hd,
        rms_norm_eps=p["eps"],
    )
    if p["qk_norm"] and o_bias == p["bias"]:
        from transformers import Qwen3Config
        from transformers.models.qwen3.modeling_qwen3 import Qwen3Attention

        cfg = _rope_config(Qwen3Config, attention_bias=p["bias"], **common)
        return _with_rope(Qwen3Attention(cfg, 0), hd)
    if p["bias"] and not o_bias and not p["qk_norm"]:
        from transformers import Qwen2Config
        from transformers.models.qwen2.modeling_qwen2 import Qwen2Attention

        common.pop("head_dim")
        if p["hidden_size"] // heads != hd:
            raise NotImplementedError("Qwen2Attention derives head_dim from hidden_size")
        return _with_rope(Qwen2Attention(_rope_config(Qwen2Config, **common), 0), hd)
    if o_bias == p["bias"] and not p["qk_norm"]:
        from transformers import LlamaConfig
        from transformers.models.llama.modeling_llama import LlamaAttention

        cfg = _rope_config(LlamaConfig, attention_bias=p["bias"], **common)
        return _with_rope(LlamaAttention(cfg, 0), hd)
    raise NotImplementedError(f"no transformers attention for {p}")


def mla_config(p, version: int = 3):
    """A DeepseekV{2,3}Config from MultiHeadLatentAttention params."""
    if version == 3:
        from transformers import DeepseekV3Config as Cfg
    else:
        from transformers import DeepseekV2Config as Cfg
    return _rope_config(
        Cfg,
        hidden_size=p["hidden_size"],
        num_attention_heads=p["num_heads"],
        num_key_value_heads=p["num_heads"],
        q_lora_rank=p["q_lora_rank"],
        kv_lora_rank=p["kv_lora_rank"],
        qk_nope_head_dim=p["qk_nope_head_dim"],
        qk_rope_head_dim=p["qk_rope_head_dim"],
        v_head_dim=p["v_head_dim"],
        attention_bias=p["bias"],
    )


@ref("hf_mla")
def _hf_mla(p):
    from transformers.models.deepseek_v3.modeling_deepseek_v3 import DeepseekV3Attention

    return _with_rope(DeepseekV3Attention(mla_config(p), 0), p["qk_rope_head_dim"])


class NanoGPTAttention(nn.Module):
    """nanoGPT's CausalSelfAttention (karpathy/nanoGPT model.py)."""

    def __init__(self, n_embd: int, n_head: int, bias: bool) -> None:
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd, bias=bias)
        self.c_proj = nn.Linear(n_embd, n_embd, bias=bias)
        self.n_head = n_head

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.size()
        q, k, v = self.c_attn(x).split(c, dim=2)
        q, k, v = (z.view(b, t, self.n_head, c // self.n_head).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y.transpose(1, 2).contiguous().view(b, t, c))


@ref("nanogpt_attention")
def _nanogpt(p):
    return NanoGPTAttention(p["n_embd"], p["n_head"], p["bias"])


class DiffusersCrossAttention(nn.Module):
    """The parameter layout of diffusers' Attention (to_q/to_k/to_v/to_out.0)."""

    def __init__(self, q_dim, ctx_dim, heads, dim_head, qkv_bias, out_bias) -> None:
        super().__init__()
        inner = heads * dim_head
        self.heads = heads
        self.to_q = nn.Linear(q_dim, inner, bias=qkv_bias)
        self.to_k = nn.Linear(ctx_dim, inner, bias=qkv_bias)
        self.to_v = nn.Linear(ctx_dim, inner, bias=qkv_bias)
        self.to_out = nn.ModuleList([nn.Linear(inner, q_dim, bias=out_bias), nn.Dropout(0.0)])

    def forward(self, x: torch.Tensor, context: torch.Tensor | None = None) -> torch.Tensor:
        context = x if context is None else context
        b, t, _ = x.shape
        q, k, v = self.to_q(x), self.to_k(context), self.to_v(context)
        q, k, v = (
            z.view(b, -1, self.heads, z.shape[-1] // self.heads).transpose(1, 2) for z in (q, k, v)
        )
        y = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, -1)
        return self.to_out[1](self.to_out[0](y))


@ref("cross_attention")
def _cross(p):
    ctx = p["context_dim"] or p["query_dim"]
    return DiffusersCrossAttention(
        p["query_dim"], ctx, p["heads"], p["dim_head"], p["qkv_bias"], p["out_bias"]
    )


@ref("sdpa")
def _sdpa(p):
    return Fn(
        lambda q, k, v: F.scaled_dot_product_attention(
            q, k, v, is_causal=p["is_causal"], enable_gqa=p["enable_gqa"]
        )
    )


# ---------------------------------------------------------------- MLPs and MoE
def _llama_config(p, **kw):
    from transformers import LlamaConfig

    return LlamaConfig(
        hidden_size=p["hidden_size"],
        intermediate_size=p["intermediate_size"],
        hidden_act=p["activation"],
        num_attention_heads=1,
        num_key_value_heads=1,
        **kw,
    )


@ref("hf_gated_mlp")
def _gated(p):
    from transformers.models.llama.modeling_llama import LlamaMLP

    return LlamaMLP(_llama_config(p, mlp_bias=p["bias"]))


class PlainMLP(nn.Module):
    def __init__(self, h: int, i: int, bias: bool, act: str) -> None:
        from transformers.activations import ACT2FN

        super().__init__()
        self.fc1 = nn.Linear(h, i, bias=bias)
        self.act = ACT2FN[act]
        self.fc2 = nn.Linear(i, h, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(self.act(self.fc1(x)))


@ref("mlp")
def _mlp(p):
    if p["bias"]:
        from transformers import CLIPVisionConfig
        from transformers.models.clip.modeling_clip import CLIPMLP

        cfg = CLIPVisionConfig(
            hidden_size=p["hidden_size"],
            intermediate_size=p["intermediate_size"],
            hidden_act=p["activation"],
            num_attention_heads=1,
        )
        return CLIPMLP(cfg)
    return PlainMLP(p["hidden_size"], p["intermediate_size"], p["bias"], p["activation"])


def _mixtral_config(p, experts_key="num_local_experts"):
    from transformers import MixtralConfig

    return MixtralConfig(
        hidden_size=p["hidden_size"],
        intermediate_size=p["intermediate_size"],
        num_local_experts=p["num_experts"],
        num_experts_per_tok=p["top_k"],
        hidden_act=p["activation"],
        num_attention_heads=1,
        num_key_value_heads=1,
    )


@ref("moe_router")
def _router(p):
    if not p["bias"]:
        from transformers.models.mixtral.modeling_mixtral import MixtralTopKRouter

        cfg = _mixtral_config(dict(p, intermediate_size=8, activation="silu"))
        m = MixtralTopKRouter(cfg)
        m.dc_forward = lambda x: m(x)[0].view(*x.shape[:-1], -1)
        return m
    return nn.Linear(p["hidden_size"], p["num_experts"], bias=True)


def _route(x: torch.Tensor, num_experts: int, top_k: int):
    """Deterministic routing for shape runs: token i goes to experts (i + j) % E."""
    flat = x.reshape(-1, x.shape[-1])
    n = flat.shape[0]
    idx = (torch.arange(n)[:, None] + torch.arange(top_k)[None, :]) % num_experts
    weights = torch.full((n, top_k), 1.0 / top_k)
    return flat, idx, weights


class PerExpertMLPs(nn.ModuleList):
    """Experts as a ModuleList of gated (or plain) MLPs: the pre-transformers-5 layout."""

    def __init__(self, p) -> None:
        h, i, b = p["hidden_size"], p["intermediate_size"], p["bias"]
        if p["gated"]:
            from transformers.models.llama.modeling_llama import LlamaMLP

            cfg = _llama_config(p, mlp_bias=b)
            super().__init__([LlamaMLP(cfg) for _ in range(p["num_experts"])])
        else:
            super().__init__([_UpDown(h, i, b) for _ in range(p["num_experts"])])
        self.top_k = p["top_k"]

    def dc_forward(self, x: torch.Tensor) -> torch.Tensor:
        flat, idx, w = _route(x, len(self), self.top_k)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self):
            hit = (idx == e).any(-1)
            out[hit] += expert(flat[hit]) * w[hit][:, :1]
        return out.view(x.shape)


class _UpDown(nn.Module):
    def __init__(self, h: int, i: int, bias: bool) -> None:
        super().__init__()
        self.up_proj = nn.Linear(h, i, bias=bias)
        self.down_proj = nn.Linear(i, h, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down_proj(F.silu(self.up_proj(x)))


class FusedPlainExperts(nn.Module):
    """Non-gated experts as 3-D tensors up_proj (E, I, H) / down_proj (E, H, I)."""

    def __init__(self, p) -> None:
        super().__init__()
        e, h, i = p["num_experts"], p["hidden_size"], p["intermediate_size"]
        self.up_proj = nn.Parameter(torch.zeros(e, i, h))
        self.down_proj = nn.Parameter(torch.zeros(e, h, i))
        if p["bias"]:
            self.up_proj_bias = nn.Parameter(torch.zeros(e, i))
            self.down_proj_bias = nn.Parameter(torch.zeros(e, h))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hid = F.silu(torch.einsum("...h,eih->...ei", x, self.up_proj))
        return torch.einsum("...ei,ehi->...h", hid, self.down_proj)


@ref("moe_experts")
def _experts(p):
    if p["layout"] == "per_expert":
        return PerExpertMLPs(p)
    if not p["gated"]:
        return FusedPlainExperts(p)
    if p["bias"]:
        raise NotImplementedError("fused gated experts with bias: no transformers class here")
    from transformers.models.mixtral.modeling_mixtral import MixtralExperts

    m = MixtralExperts(_mixtral_config(p))

    def call(x: torch.Tensor) -> torch.Tensor:
        flat, idx, w = _route(x, p["num_experts"], p["top_k"])
        return m(flat, idx, w).view(x.shape)

    m.dc_forward = call
    return m


@ref("hf_sparse_moe")
def _sparse_moe(p):
    if p["layout"] != "fused" or not p["gated"] or p["router_bias"]:
        raise NotImplementedError("only the transformers MoE layouts are referenced")
    if not p["shared_intermediate_size"]:
        from transformers.models.mixtral.modeling_mixtral import MixtralSparseMoeBlock

        return MixtralSparseMoeBlock(_mixtral_config(p))
    if not p["shared_expert_gate"]:
        raise NotImplementedError("shared expert without gate: no Qwen2-MoE reference")
    from transformers import Qwen2MoeConfig
    from transformers.models.qwen2_moe.modeling_qwen2_moe import Qwen2MoeSparseMoeBlock

    cfg = Qwen2MoeConfig(
        hidden_size=p["hidden_size"],
        num_experts=p["num_experts"],
        moe_intermediate_size=p["intermediate_size"],
        num_experts_per_tok=p["top_k"],
        shared_expert_intermediate_size=p["shared_intermediate_size"],
        hidden_act=p["activation"],
        num_attention_heads=1,
        num_key_value_heads=1,
    )
    return Qwen2MoeSparseMoeBlock(cfg)


# ---------------------------------------------------------------- positions, misc
@ref("hf_conv1d")
def _conv1d(p):
    from transformers.pytorch_utils import Conv1D

    return Conv1D(p["nf"], p["nx"])


class PatchEmbed(nn.Module):
    """timm's PatchEmbed (proj conv, flatten, NLC)."""

    def __init__(self, patch: int, chans: int, dim: int, bias: bool) -> None:
        super().__init__()
        self.proj = nn.Conv2d(chans, dim, kernel_size=patch, stride=patch, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.proj(x).flatten(2).transpose(1, 2)


@ref("patch_embedding")
def _patch(p):
    return PatchEmbed(p["patch_size"], p["num_channels"], p["hidden_size"], p["bias"])


@ref("positional_embedding")
def _pos(p):
    return nn.Embedding(p["num_positions"], p["hidden_size"])


class Sinusoidal(nn.Module):
    def __init__(self, dim: int, base: float) -> None:
        super().__init__()
        self.dim, self.base = dim, base

    def forward(self, pos: torch.Tensor) -> torch.Tensor:
        half = self.dim // 2
        freq = torch.exp(-math.log(self.base) * torch.arange(half, device=pos.device) / half)
        ang = pos[..., None].float() * freq
        out = torch.cat([ang.sin(), ang.cos()], dim=-1)
        return F.pad(out, (0, self.dim - 2 * half))


@ref("sinusoidal")
def _sinus(p):
    return Sinusoidal(p["hidden_size"], p["base"])


@ref("hf_rotary")
def _rotary(p):
    from transformers import LlamaConfig
    from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding

    cfg = LlamaConfig(
        hidden_size=p["head_dim"] * 2,
        num_attention_heads=2,
        head_dim=p["head_dim"],
        max_position_embeddings=p["max_position_embeddings"],
        rope_theta=p["base"],
    )
    m = LlamaRotaryEmbedding(cfg)

    def call(pos: torch.Tensor) -> torch.Tensor:
        dummy = torch.zeros(1, device=pos.device)
        return m(dummy, pos if pos.dim() == 2 else pos[None])[0].view(*pos.shape, -1)

    m.dc_forward = call
    return m


class LayerScale(nn.Module):
    """timm's LayerScale."""

    def __init__(self, dim: int, init_values: float) -> None:
        super().__init__()
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.gamma


@ref("layer_scale")
def _ls(p):
    return LayerScale(p["dim"], p["init_values"])


@ref("drop_path")
def _drop_path(p):
    def fn(x):
        keep = 1 - p["drop_prob"]
        mask = x.new_empty((x.shape[0],) + (1,) * (x.dim() - 1)).bernoulli_(keep)
        return x * mask / keep if keep > 0 else x * 0

    return Fn(fn)


class SqueezeExcitation(nn.Module):
    """torchvision.ops.SqueezeExcitation."""

    def __init__(self, c: int, s: int) -> None:
        super().__init__()
        self.fc1 = nn.Conv2d(c, s, 1)
        self.fc2 = nn.Conv2d(s, c, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = F.adaptive_avg_pool2d(x, 1)
        scale = torch.sigmoid(self.fc2(F.relu(self.fc1(scale))))
        return scale * x


@ref("squeeze_excitation")
def _se(p):
    return SqueezeExcitation(p["input_channels"], p["squeeze_channels"])


@ref("swish")
def _swish(p):
    return Fn(lambda x: x * torch.sigmoid(p["beta"] * x))


def hf_activation(class_name: str, p: dict) -> nn.Module:
    """transformers.activations.<class_name>, built with the entry's params."""
    import transformers.activations as acts

    return getattr(acts, class_name)(**p)


def _sizes_from(entries, inputs) -> list[int]:
    """``[i, a]`` entries: the size of axis a of input i (0: the tensor reshaped itself)."""
    return [inputs[e[0]].shape[e[1]] if isinstance(e, (list, tuple)) else e for e in entries]


def build(spec, p: dict) -> nn.Module:
    """The reference module of a catalogue entry that names one in ``extra['reference']``."""
    name = spec.extra["reference"]
    if name == "hf_activation":
        return hf_activation(spec.extra["hf_class"], p)
    if name == "op":
        return Fn(OPS[spec.name](p))
    return REFERENCES[name](p)


def _torch_stack(p, decoder: bool) -> nn.Module:
    """nn.TransformerEncoder/Decoder: torch deep-copies one real layer num_layers times."""
    kw = {k: p[k] for k in ("d_model", "nhead", "dim_feedforward", "dropout", "activation")}
    kw.update({k: p[k] for k in ("layer_norm_eps", "batch_first", "norm_first", "bias")})
    norm = (
        nn.LayerNorm(p["d_model"], eps=p["layer_norm_eps"], bias=p["bias"])
        if p["final_norm"]
        else None
    )
    if decoder:
        return nn.TransformerDecoder(nn.TransformerDecoderLayer(**kw), p["num_layers"], norm=norm)
    layer = nn.TransformerEncoderLayer(**kw)
    return nn.TransformerEncoder(layer, p["num_layers"], norm=norm, enable_nested_tensor=False)


@ref("torch_encoder_stack")
def _encoder_stack(p):
    return _torch_stack(p, decoder=False)


@ref("torch_decoder_stack")
def _decoder_stack(p):
    return _torch_stack(p, decoder=True)


class _Input(nn.Module):
    def __init__(self, shape) -> None:
        super().__init__()
        self.shape = tuple(shape)

    def forward(self) -> torch.Tensor:
        return torch.empty(self.shape)


@ref("input")
def _input(p):
    return _Input(p["shape"])


# ---------------------------------------------------------------- functional ops
def _red(fn):
    return lambda p: (
        lambda x: (
            fn(x, dim=p["dim"], keepdim=p["keepdim"])
            if p["dim"] is not None
            else (fn(x, dim=tuple(range(x.dim())), keepdim=True) if p["keepdim"] else fn(x))
        )
    )


OPS: dict[str, Callable[[dict], Callable[..., torch.Tensor]]] = {
    "Mul": lambda p: torch.mul,
    "Sub": lambda p: torch.sub,
    "Div": lambda p: torch.div,
    "Maximum": lambda p: torch.maximum,
    "Minimum": lambda p: torch.minimum,
    "Where": lambda p: torch.where,
    "MaskedFill": lambda p: lambda x, m: x.masked_fill(m, p["value"]),
    "Exp": lambda p: torch.exp,
    "Log": lambda p: torch.log,
    "Sqrt": lambda p: torch.sqrt,
    "Rsqrt": lambda p: torch.rsqrt,
    "Neg": lambda p: torch.neg,
    "Abs": lambda p: torch.abs,
    "Reciprocal": lambda p: torch.reciprocal,
    "Pow": lambda p: lambda x: torch.pow(x, p["exponent"]),
    "Clamp": lambda p: lambda x: torch.clamp(x, p["min"], p["max"]),
    "Scale": lambda p: lambda x: x * p["factor"],
    "Normalize": lambda p: lambda x: F.normalize(x, p=p["p"], dim=p["dim"], eps=p["eps"]),
    "Cumsum": lambda p: lambda x: torch.cumsum(x, p["dim"]),
    "Tril": lambda p: lambda x: torch.tril(x, p["diagonal"]),
    "Triu": lambda p: lambda x: torch.triu(x, p["diagonal"]),
    "Mean": _red(torch.mean),
    "Sum": _red(torch.sum),
    "Amax": _red(torch.amax),
    "Amin": _red(torch.amin),
    "Var": lambda p: (
        lambda x: torch.var(x, dim=p["dim"], correction=p["correction"], keepdim=p["keepdim"])
    ),
    "VectorNorm": lambda p: (
        lambda x: torch.linalg.vector_norm(x, ord=p["ord"], dim=p["dim"], keepdim=p["keepdim"])
    ),
    "Argmax": lambda p: lambda x: torch.argmax(x, dim=p["dim"], keepdim=p["keepdim"]),
    "TopK": lambda p: lambda x: torch.topk(x, p["k"], dim=p["dim"], largest=p["largest"])[0],
    "MatMul": lambda p: torch.matmul,
    "BMM": lambda p: torch.bmm,
    "FunctionalLinear": lambda p: F.linear,
    # data movement
    "Reshape": lambda p: lambda x: x.reshape(p["shape"]),
    "View": lambda p: lambda x: x.view(p["shape"]),
    "ReshapeFrom": lambda p: lambda *xs: xs[0].reshape(_sizes_from(p["shape"], xs)),
    "ExpandFrom": lambda p: lambda *xs: xs[0].expand(*_sizes_from(p["sizes"], xs)),
    "Transpose": lambda p: lambda x: x.transpose(p["dim0"], p["dim1"]),
    "Permute": lambda p: lambda x: x.permute(p["dims"]),
    "Squeeze": lambda p: lambda x: x.squeeze() if p["dim"] is None else x.squeeze(p["dim"]),
    "Unsqueeze": lambda p: lambda x: x.unsqueeze(p["dim"]),
    "Concat": lambda p: lambda *xs: torch.cat(xs, dim=p["dim"]),
    "Stack": lambda p: lambda *xs: torch.stack(xs, dim=p["dim"]),
    "Split": lambda p: lambda x: torch.split(x, _listify(p["split_size_or_sections"]), p["dim"])[0],
    "Chunk": lambda p: lambda x: torch.chunk(x, p["chunks"], p["dim"])[0],
    "Unbind": lambda p: lambda x: torch.unbind(x, p["dim"])[0],
    "Slice": lambda p: lambda x: x[_slice_index(p, x.dim())],
    "Select": lambda p: lambda x: x.select(p["dim"], p["index"]),
    "Narrow": lambda p: lambda x: x.narrow(p["dim"], p["start"], p["length"]),
    "IndexSelect": lambda p: lambda x, i: torch.index_select(x, p["dim"], i),
    "Gather": lambda p: lambda x, i: torch.gather(x, p["dim"], i),
    "Expand": lambda p: lambda x: x.expand(*p["sizes"]),
    "Repeat": lambda p: lambda x: x.repeat(*p["repeats"]),
    "Contiguous": lambda p: lambda x: x.contiguous(),
    "Cast": lambda p: lambda x: x.to(getattr(torch, p["dtype"])),
    "Pad": lambda p: lambda x: F.pad(x, p["pad"], mode=p["mode"], value=p["value"]),
    "Interpolate": lambda p: (
        lambda x: F.interpolate(x, size=p["size"], scale_factor=p["scale_factor"], mode=p["mode"])
    ),
    "Roll": lambda p: lambda x: torch.roll(x, p["shifts"], p["dims"]),
    "Flip": lambda p: (
        lambda x: torch.flip(x, list(p["dims"]) if isinstance(p["dims"], tuple) else [p["dims"]])
    ),
    "Einsum": lambda p: lambda *xs: torch.einsum(p["equation"], *xs),
}


def _slice_index(p, ndim: int) -> tuple:
    """x[:, :, start:end:step] for dim; a dim past the rank gives too many indices (torch raises)."""
    d = p["dim"] + ndim if p["dim"] < 0 else p["dim"]
    return (slice(None),) * d + (slice(p["start"], p["end"], p["step"]),)


def _listify(v):
    """Catalogue tuples as the lists torch's split/flip signatures expect (ints stay)."""
    return list(v) if isinstance(v, tuple) else v


# ---------------------------------------------------------------- linear extras, modern layers
class LoraLinear(nn.Module):
    """peft's lora.Linear layout: base_layer + lora_A/lora_B ModuleDicts keyed by adapter."""

    def __init__(self, p) -> None:
        super().__init__()
        a = p["adapter_name"]
        self.base_layer = nn.Linear(p["in_features"], p["out_features"], bias=p["bias"])
        self.lora_A = nn.ModuleDict({a: nn.Linear(p["in_features"], p["r"], bias=False)})
        self.lora_B = nn.ModuleDict({a: nn.Linear(p["r"], p["out_features"], bias=False)})
        self.adapter, self.scale = a, p["lora_alpha"] / p["r"]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.adapter
        return self.base_layer(x) + self.lora_B[a](self.lora_A[a](x)) * self.scale


@ref("lora_linear")
def _lora(p):
    return LoraLinear(p)


@ref("hf_mamba")
def _mamba(p):
    from transformers import MambaConfig
    from transformers.models.mamba.modeling_mamba import MambaMixer

    if p["intermediate_size"] not in (None, p["expand"] * p["hidden_size"]):
        raise NotImplementedError("MambaConfig derives intermediate_size from expand")
    cfg = MambaConfig(
        hidden_size=p["hidden_size"],
        state_size=p["state_size"],
        conv_kernel=p["conv_kernel"],
        expand=p["expand"],
        time_step_rank=p["time_step_rank"] or "auto",
        use_bias=p["use_bias"],
        use_conv_bias=p["use_conv_bias"],
        num_hidden_layers=1,
        vocab_size=8,
    )
    return MambaMixer(cfg, 0)


class CausalConv1d(nn.Conv1d):
    def __init__(self, p) -> None:
        pad = p["dilation"] * (p["kernel_size"] - 1)
        super().__init__(
            p["in_channels"],
            p["out_channels"],
            p["kernel_size"],
            padding=pad,
            dilation=p["dilation"],
            groups=p["groups"],
            bias=p["bias"],
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward(x)[..., : x.shape[-1]]


@ref("causal_conv1d")
def _causal(p):
    return CausalConv1d(p)


class LayerNorm2d(nn.LayerNorm):
    """timm's LayerNorm2d: LayerNorm over C of NCHW."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


@ref("layer_norm_2d")
def _ln2d(p):
    return LayerNorm2d(p["num_channels"], eps=p["eps"])


class GRN(nn.Module):
    """ConvNeXt-V2's GRN (facebookresearch/ConvNeXt-V2 models/utils.py)."""

    def __init__(self, dim: int, eps: float) -> None:
        super().__init__()
        self.gamma = nn.Parameter(torch.zeros(1, 1, 1, dim))
        self.beta = nn.Parameter(torch.zeros(1, 1, 1, dim))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        gx = torch.norm(x, p=2, dim=(1, 2), keepdim=True)
        nx = gx / (gx.mean(dim=-1, keepdim=True) + self.eps)
        return self.gamma * (x * nx) + self.beta + x


@ref("grn")
def _grn(p):
    return GRN(p["dim"], p["eps"])


class FrozenBatchNorm2d(nn.Module):
    """torchvision.ops.FrozenBatchNorm2d: statistics and affine terms are buffers."""

    def __init__(self, n: int, eps: float) -> None:
        super().__init__()
        for name, init in (("weight", torch.ones), ("bias", torch.zeros)):
            self.register_buffer(name, init(n))
        self.register_buffer("running_mean", torch.zeros(n))
        self.register_buffer("running_var", torch.ones(n))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scale = self.weight * (self.running_var + self.eps).rsqrt()
        bias = self.bias - self.running_mean * scale
        return x * scale.reshape(1, -1, 1, 1) + bias.reshape(1, -1, 1, 1)


@ref("frozen_bn")
def _frozen(p):
    return FrozenBatchNorm2d(p["num_features"], p["eps"])


@ref("hf_scaled_embedding")
def _scaled_emb(p):
    from transformers.models.bart.modeling_bart import BartScaledWordEmbedding

    return BartScaledWordEmbedding(
        p["num_embeddings"], p["embedding_dim"], p["padding_idx"], embed_scale=p["embed_scale"]
    )


class SeparableConv(nn.Module):
    def __init__(self, p) -> None:
        super().__init__()
        c, k = p["in_channels"], p["kernel_size"]
        self.conv_dw = nn.Conv2d(c, c, k, p["stride"], k // 2, groups=c, bias=p["bias"])
        self.conv_pw = nn.Conv2d(c, p["out_channels"], 1, bias=p["bias"])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv_pw(self.conv_dw(x))


@ref("separable_conv")
def _sep(p):
    return SeparableConv(p)
