"""Torch references for the block catalogue (tests only).

``reference(name, params)`` returns a ``Ref``: the real module and how to call it. Wherever
transformers has the class we build THAT (``LlamaDecoderLayer`` from a small ``LlamaConfig``),
so a block's count is checked against the code people run; small hand-written modules at
the end of this file cover the blocks transformers lacks (torchvision-style ResNet blocks,
MBConv, U-Net parts, ...). Modules are built on the meta device (no memory, no init);
the few whose forward meta cannot run (MoE routing calls ``nonzero``) are built on CPU.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn


@dataclass
class Ref:
    module: nn.Module
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)

    def params(self) -> int:
        return sum(p.numel() for p in self.module.parameters())

    def named(self) -> dict[str, tuple[int, ...]]:
        return {n: tuple(p.shape) for n, p in self.module.named_parameters()}

    def output_shape(self) -> tuple[int, ...]:
        with torch.no_grad():
            out = self.module(*self.args, **self.kwargs)
        while isinstance(out, (tuple, list)):
            out = out[0]
        if hasattr(out, "last_hidden_state"):
            out = out.last_hidden_state
        return tuple(out.shape)


Factory = Callable[[dict[str, Any], list[tuple[int, ...]]], Ref]
REFERENCES: dict[str, Factory] = {}


def reference(name: str, params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    return REFERENCES[name](dict(params), [tuple(s) for s in inputs])


def register(name: str) -> Callable[[Factory], Factory]:
    def deco(fn: Factory) -> Factory:
        REFERENCES[name] = fn
        return fn

    return deco


# ---------------------------------------------------------------------- transformers helpers
def hf_config(model_type: str, config: str | None, params: dict[str, Any]):
    """``config``: a transformers config class name, or a model-type id (default: the
    module's directory name, which is the id for most models)."""
    import transformers

    if config is not None and config[:1].isupper():
        cfg = getattr(transformers, config)(**params)
    else:
        cfg = transformers.AutoConfig.for_model(config or model_type, **params)
    cfg._attn_implementation = "eager"
    return cfg


def modeling(model_type: str):
    """``llama`` -> transformers.models.llama.modeling_llama; ``data2vec.data2vec_text`` ->
    transformers.models.data2vec.modeling_data2vec_text."""
    pkg, _, name = model_type.partition(".")
    return importlib.import_module(f"transformers.models.{pkg}.modeling_{name or pkg}")


def hf_module(model_type: str, cls: str, cfg, device: str, **extra) -> nn.Module:
    klass = getattr(modeling(model_type), cls)
    sig = inspect.signature(klass.__init__).parameters
    kw = {k: v for k, v in extra.items() if k in sig}
    if "layer_id" in sig:  # GPT-Neo spells it so
        kw["layer_id"] = extra.get("layer_idx", 0)
    with torch.device(device):
        return klass(cfg, **kw)


def rotary(model_type: str, cfg, x: torch.Tensor):
    """(cos, sin) from the model's own rotary class, so partial-rotary shapes are right."""
    mod = modeling(model_type)
    names = [n for n in dir(mod) if n.endswith("RotaryEmbedding") and not n.startswith("_")]
    if not names:
        return None
    with torch.device(x.device):
        rot = getattr(mod, names[0])(config=cfg)
        pos = torch.arange(x.shape[1]).unsqueeze(0).expand(x.shape[0], -1)
    if "layer_type" in inspect.signature(rot.forward).parameters and hasattr(cfg, "layer_types"):
        return rot(x, pos, cfg.layer_types[0])  # Gemma3: one rope per attention kind
    return rot(x, pos)


def hf_decoder(
    name: str,
    model_type: str,
    cls: str,
    config_class: str | None = None,
    device: str = "meta",
    fixed: dict[str, Any] | None = None,
    call: Callable[[Any, torch.Tensor], dict[str, Any]] | None = None,
    rope: bool = True,
) -> None:
    """Register an HF decoder layer called as ``layer(x, position_embeddings=(cos, sin))``."""

    def factory(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
        layer_idx = params.pop("layer_idx", 0)
        cfg = hf_config(model_type, config_class, {**(fixed or {}), **params})
        module = hf_module(model_type, cls, cfg, device, layer_idx=layer_idx)
        x = torch.empty(inputs[0], device=device)
        kwargs: dict[str, Any] = {}
        pe = rotary(model_type, cfg, x) if rope else None
        if pe is not None:
            kwargs["position_embeddings"] = pe
        if call is not None:
            kwargs.update(call(cfg, x))
        return Ref(module, (x,), kwargs)

    REFERENCES[name] = factory


for _name, _mt, _cfg in (
    ("LlamaDecoderLayer", "llama", None),
    ("MistralDecoderLayer", "mistral", None),
    ("Qwen2DecoderLayer", "qwen2", None),
    ("Qwen3DecoderLayer", "qwen3", None),
    ("GemmaDecoderLayer", "gemma", None),
    ("Gemma2DecoderLayer", "gemma2", None),
    ("Gemma3DecoderLayer", "gemma3", "Gemma3TextConfig"),
    ("GraniteDecoderLayer", "granite", None),
    ("OlmoDecoderLayer", "olmo", None),
    ("StableLmDecoderLayer", "stablelm", None),
    ("CohereDecoderLayer", "cohere", None),
    ("SmolLM3DecoderLayer", "smollm3", None),
):
    hf_decoder(_name, _mt, _name, _cfg)

# MoE routing calls nonzero(), which meta tensors cannot run: these build on CPU (tiny configs)
for _name, _mt in (
    ("MixtralDecoderLayer", "mixtral"),
    ("Qwen2MoeDecoderLayer", "qwen2_moe"),
    ("Qwen3MoeDecoderLayer", "qwen3_moe"),
    ("DeepseekV3DecoderLayer", "deepseek_v3"),
    ("DeepseekV2DecoderLayer", "deepseek_v2"),
):
    # group-limited routing needs >= top_k experts per group: 8 experts in 2 groups
    hf_decoder(_name, _mt, _name, device="cpu", fixed={"n_group": 2, "topk_group": 1})

for _name, _mt in (
    ("PhiDecoderLayer", "phi"),
    ("GPTJBlock", "gptj"),
    ("OPTDecoderLayer", "opt"),
    ("GPTNeoXLayer", "gpt_neox"),
    ("Starcoder2DecoderLayer", "starcoder2"),
    ("NemotronDecoderLayer", "nemotron"),
    ("Phi3DecoderLayer", "phi3"),
    ("GlmDecoderLayer", "glm"),
):
    hf_decoder(_name, _mt, _name)


def _alibi(cfg, x: torch.Tensor) -> dict[str, Any]:
    """ALiBi models take the bias and the mask as arguments; zeros of the right shape do."""
    b, t = x.shape[0], x.shape[1]
    heads = cfg.num_attention_heads
    return {
        "alibi": torch.zeros(b * heads, 1, t, device=x.device),
        "attention_mask": torch.zeros(b, 1, t, t, dtype=torch.bool, device=x.device),
    }


hf_decoder("BloomBlock", "bloom", "BloomBlock", call=_alibi)


def _falcon_mask(cfg, x: torch.Tensor) -> dict[str, Any]:
    b, t = x.shape[0], x.shape[1]
    return {"alibi": None, "attention_mask": torch.zeros(b, 1, t, t, device=x.device)}


hf_decoder("FalconDecoderLayer", "falcon", "FalconDecoderLayer", call=_falcon_mask)


# ---------------------------------------------------------------------- BERT-family encoders
def _full_mask(cfg, x: torch.Tensor) -> dict[str, Any]:
    """DeBERTa takes its (B, 1, T, T) attention mask as a required argument."""
    b, t = x.shape[0], x.shape[1]
    return {"attention_mask": torch.ones(b, 1, t, t, dtype=torch.bool, device=x.device)}


for _name, _mt, _cfg, _cls in (
    ("BertLayer", "bert", None, None),
    ("RobertaLayer", "roberta", None, None),
    ("ElectraLayer", "electra", None, None),
    ("XLMRobertaLayer", "xlm_roberta", "xlm-roberta", None),
    ("CamembertLayer", "camembert", None, None),
    ("RoFormerLayer", "roformer", None, None),
    ("Data2VecTextLayer", "data2vec.data2vec_text", "data2vec-text", None),
    ("DebertaV2Layer", "deberta_v2", "deberta-v2", None),
    ("AlbertLayer", "albert", None, None),
    ("DistilBertTransformerBlock", "distilbert", None, "TransformerBlock"),
    ("MPNetLayer", "mpnet", None, None),
    ("MegatronBertLayer", "megatron_bert", "megatron-bert", None),
    ("XLMRobertaXLLayer", "xlm_roberta_xl", "xlm-roberta-xl", None),
    ("EsmLayer", "esm", None, None),
    ("RobertaPreLayerNormLayer", "roberta_prelayernorm", "roberta-prelayernorm", None),
):
    call = _full_mask if _name == "DebertaV2Layer" else None
    hf_decoder(_name, _mt, _cls or _name, _cfg, rope=False, call=call)


@register("BertEmbeddings")
def _bert_embeddings(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    cfg = hf_config("bert", None, params)
    module = hf_module("bert", "BertEmbeddings", cfg, "meta")
    ids, pos, types = (torch.zeros(s, dtype=torch.long, device="meta") for s in inputs)
    return Ref(module, (), {"input_ids": ids, "position_ids": pos, "token_type_ids": types})


# ---------------------------------------------------------------------- T5
def _t5(decoder: bool) -> Factory:
    def factory(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
        rel = params.pop("has_relative_attention_bias", False)
        cfg = hf_config("t5", None, {**params, "is_decoder": decoder})
        module = hf_module(
            "t5", "T5Block", cfg, "meta", has_relative_attention_bias=rel, layer_idx=0
        )
        x = torch.empty(inputs[0], device="meta")
        kwargs = (
            {"encoder_hidden_states": torch.empty(inputs[-1], device="meta")} if decoder else {}
        )
        return Ref(module, (x,), kwargs)

    return factory


REFERENCES["T5EncoderBlock"] = _t5(False)
REFERENCES["T5DecoderBlock"] = _t5(True)


# ---------------------------------------------------------------------- BART family
def _seq2seq(model_type: str, cls: str, decoder: bool) -> Factory:
    def factory(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
        cfg = hf_config(model_type, None, params)
        module = hf_module(model_type, cls, cfg, "meta", layer_idx=0)
        x = torch.empty(inputs[0], device="meta")
        kwargs: dict[str, Any] = {"attention_mask": None}
        if decoder:
            kwargs["encoder_hidden_states"] = torch.empty(inputs[1], device="meta")
        return Ref(module, (x,), kwargs)

    return factory


for _mt, _prefix in (
    ("bart", "Bart"),
    ("marian", "Marian"),
    ("mbart", "MBart"),
    ("pegasus", "Pegasus"),
    ("whisper", "Whisper"),
):
    for _side in ("Encoder", "Decoder"):
        _cls = f"{_prefix}{_side}Layer"
        REFERENCES[_cls] = _seq2seq(_mt, _cls, _side == "Decoder")


# ---------------------------------------------------------------------- GPT-2 family
def _cross(cfg, x: torch.Tensor) -> dict[str, Any]:
    if not getattr(cfg, "add_cross_attention", False):
        return {}
    return {"encoder_hidden_states": torch.empty(x.shape[0], 7, x.shape[2], device=x.device)}


hf_decoder("GPT2Block", "gpt2", "GPT2Block", rope=False, call=_cross)


@register("OpenAIGPTBlock")
def _openai_block(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    cfg = hf_config("openai", "openai-gpt", params)
    with torch.device("meta"):
        module = modeling("openai").Block(cfg.n_positions, cfg, scale=True)
    return Ref(module, (torch.empty(inputs[0], device="meta"),))


hf_decoder(
    "GPTNeoBlock",
    "gpt_neo",
    "GPTNeoBlock",
    rope=False,
    fixed={"num_layers": 1, "attention_types": [[["global"], 1]]},
)
hf_decoder("CodeGenBlock", "codegen", "CodeGenBlock")
hf_decoder("GPTBigCodeBlock", "gpt_bigcode", "GPTBigCodeBlock", rope=False)


class NanoCausalSelfAttention(nn.Module):
    """nanoGPT's CausalSelfAttention, verbatim in structure (karpathy/nanoGPT model.py)."""

    def __init__(self, n_embd: int, n_head: int, bias: bool) -> None:
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd, bias=bias)
        self.c_proj = nn.Linear(n_embd, n_embd, bias=bias)
        self.n_head = n_head

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.size()
        q, k, v = self.c_attn(x).split(c, dim=2)
        q, k, v = (z.view(b, t, self.n_head, c // self.n_head).transpose(1, 2) for z in (q, k, v))
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y.transpose(1, 2).contiguous().view(b, t, c))


class NanoBlock(nn.Module):
    def __init__(self, n_embd: int, n_head: int, bias: bool) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd, bias=bias)
        self.attn = NanoCausalSelfAttention(n_embd, n_head, bias)
        self.ln_2 = nn.LayerNorm(n_embd, bias=bias)
        self.mlp = nn.ModuleDict(
            {
                "c_fc": nn.Linear(n_embd, 4 * n_embd, bias=bias),
                "gelu": nn.GELU(),
                "c_proj": nn.Linear(4 * n_embd, n_embd, bias=bias),
            }
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln_1(x))
        m = self.mlp
        return x + m["c_proj"](m["gelu"](m["c_fc"](self.ln_2(x))))


class NanoGPT(nn.Module):
    def __init__(self, vocab_size, block_size, n_layer, n_embd, n_head, bias) -> None:
        super().__init__()
        self.transformer = nn.ModuleDict(
            {
                "wte": nn.Embedding(vocab_size, n_embd),
                "wpe": nn.Embedding(block_size, n_embd),
                "h": nn.ModuleList([NanoBlock(n_embd, n_head, bias) for _ in range(n_layer)]),
                "ln_f": nn.LayerNorm(n_embd, bias=bias),
            }
        )
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight  # weight tying, as nanoGPT does

    def forward(self, idx: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        return self.lm_head(self.transformer.ln_f(x))


@register("NanoGPTBlock")
def _nano_block(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    p = {"bias": True, **params}
    with torch.device("meta"):
        module = NanoBlock(p["n_embd"], p["n_head"], p["bias"])
    return Ref(module, (torch.empty(inputs[0], device="meta"),))


@register("NanoGPT")
def _nano_gpt(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    p = {"bias": True, **params}
    with torch.device("meta"):
        module = NanoGPT(
            p["vocab_size"], p["block_size"], p["n_layer"], p["n_embd"], p["n_head"], p["bias"]
        )
    idx = torch.zeros(inputs[0], dtype=torch.long, device="meta")
    pos = torch.zeros(inputs[1], dtype=torch.long, device="meta")
    return Ref(module, (idx, pos))


# ---------------------------------------------------------------------- vision transformers
hf_decoder("ViTLayer", "vit", "ViTLayer", rope=False)
hf_decoder("DeiTLayer", "deit", "DeiTLayer", rope=False)
hf_decoder("Dinov2Layer", "dinov2", "Dinov2Layer", rope=False)
hf_decoder("BeitLayer", "beit", "BeitLayer", rope=False)


def _no_mask(cfg, x: torch.Tensor) -> dict[str, Any]:
    return {"attention_mask": None}


hf_decoder(
    "CLIPEncoderLayer", "clip", "CLIPEncoderLayer", "CLIPVisionConfig", rope=False, call=_no_mask
)
hf_decoder(
    "SiglipEncoderLayer",
    "siglip",
    "SiglipEncoderLayer",
    "SiglipVisionConfig",
    rope=False,
    call=_no_mask,
)


@register("ConvNextLayer")
def _convnext(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    p = dict(params)
    d = p.pop("dim")
    cfg = hf_config("convnext", None, p)
    with torch.device("meta"):
        module = modeling("convnext").ConvNextLayer(cfg, dim=d)
    return Ref(module, (torch.empty(inputs[0], device="meta"),))


@register("SwinLayer")
def _swin(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    p = dict(params)
    d, heads = p.pop("dim"), p.pop("num_heads")
    cfg = hf_config("swin", None, p)
    side = int(inputs[0][1] ** 0.5)
    with torch.device("meta"):
        module = modeling("swin").SwinLayer(cfg, d, (side, side), heads)
    return Ref(module, (torch.empty(inputs[0], device="meta"), (side, side)))
