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
def hf_config(
    model_type: str, config: str | None, params: dict[str, Any], allowed: tuple[str, ...] = ()
):
    """``config``: a transformers config class name, or a model-type id (default: the
    module's directory name, which is the id for most models)."""
    import transformers

    if config is not None and config[:1].isupper():
        cfg = getattr(transformers, config)(**params)
    else:
        cfg = transformers.AutoConfig.for_model(config or model_type, **params)
    # a config silently keeps unknown kwargs: make sure every example parameter is a real
    # field, so a block parameter the model ignores cannot pass by accident
    known = set(type(cfg)().to_dict()) | set(getattr(cfg, "attribute_map", {}))
    unknown = sorted(set(params) - known - set(allowed))
    if unknown:
        raise AssertionError(f"{type(cfg).__name__} has no field(s) {unknown}")
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
    allowed: tuple[str, ...] = (),
) -> None:
    """Register an HF decoder layer called as ``layer(x, position_embeddings=(cos, sin))``."""

    def factory(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
        layer_idx = params.pop("layer_idx", 0)
        dev = params.pop("_device", device)  # "meta" for real-size, count-only checks
        cfg = hf_config(model_type, config_class, {**(fixed or {}), **params}, allowed)
        module = hf_module(model_type, cls, cfg, dev, layer_idx=layer_idx)
        x = torch.empty(inputs[0], device=dev)
        kwargs: dict[str, Any] = {}
        pe = rotary(model_type, cfg, x) if rope and dev == device else None
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
    # DeepSeek's group-limited routing needs >= top_k experts per group: 8 experts, 2 groups
    group = {"n_group": 2, "topk_group": 1} if _mt.startswith("deepseek") else None
    # Qwen3MoeConfig has no head_dim field, but its attention reads getattr(config, "head_dim")
    allow = ("head_dim",) if _mt == "qwen3_moe" else ()
    hf_decoder(_name, _mt, _name, device="cpu", fixed=group, allowed=allow)

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


# ---------------------------------------------------------------------- CNN blocks
@register("ResNetBasicLayer")
def _hf_resnet_basic(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    with torch.device("meta"):
        module = modeling("resnet").ResNetBasicLayer(**params)
    return Ref(module, (torch.empty(inputs[0], device="meta"),))


@register("ResNetBottleNeckLayer")
def _hf_resnet_bottleneck(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    with torch.device("meta"):
        module = modeling("resnet").ResNetBottleNeckLayer(**params)
    return Ref(module, (torch.empty(inputs[0], device="meta"),))


@register("MobileNetV2InvertedResidual")
def _hf_mnv2(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    p = dict(params)
    io = {k: p.pop(k) for k in ("in_channels", "out_channels")}
    stride = p.pop("stride", 1)
    cfg = hf_config("mobilenet_v2", None, {**p, "tf_padding": False})
    with torch.device("meta"):
        module = modeling("mobilenet_v2").MobileNetV2InvertedResidual(cfg, stride=stride, **io)
    return Ref(module, (torch.empty(inputs[0], device="meta"),))


def conv_bn(cin, cout, k, stride=1, groups=1, act=None, eps=1e-5) -> nn.Sequential:
    layers = [
        nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False),
        nn.BatchNorm2d(cout, eps=eps),
    ]
    return nn.Sequential(*layers, *([act()] if act else []))


class BasicBlock(nn.Module):
    """torchvision.models.resnet.BasicBlock (structure and names)."""

    def __init__(self, inplanes: int, planes: int, stride: int = 1) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = (
            conv_bn(inplanes, planes, 1, stride) if (stride != 1 or inplanes != planes) else None
        )

    def forward(self, x):
        out = self.bn2(self.conv2(self.relu(self.bn1(self.conv1(x)))))
        idt = x if self.downsample is None else self.downsample(x)
        return self.relu(out + idt)


class Bottleneck(nn.Module):
    """torchvision.models.resnet.Bottleneck (stride on the 3x3, ResNeXt groups/width)."""

    def __init__(self, inplanes, planes, stride=1, groups=1, base_width=64) -> None:
        super().__init__()
        width = int(planes * (base_width / 64.0)) * groups
        self.conv1 = nn.Conv2d(inplanes, width, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, stride, 1, groups=groups, bias=False)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, planes * 4, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(planes * 4)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = (
            conv_bn(inplanes, planes * 4, 1, stride)
            if (stride != 1 or inplanes != planes * 4)
            else None
        )

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        idt = x if self.downsample is None else self.downsample(x)
        return self.relu(out + idt)


class PreActBlock(nn.Module):
    """Pre-activation ResNet block (He et al. 2016, kuangliu/pytorch-cifar layout)."""

    def __init__(self, in_planes, planes, stride=1) -> None:
        super().__init__()
        self.bn1 = nn.BatchNorm2d(in_planes)
        self.conv1 = nn.Conv2d(in_planes, planes, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        if stride != 1 or in_planes != planes:
            self.shortcut = nn.Sequential(nn.Conv2d(in_planes, planes, 1, stride, bias=False))

    def forward(self, x):
        out = torch.relu(self.bn1(x))
        sc = self.shortcut(out) if hasattr(self, "shortcut") else x
        out = self.conv1(out)
        return self.conv2(torch.relu(self.bn2(out))) + sc


class SqueezeExcitation(nn.Module):
    """torchvision.ops.SqueezeExcitation."""

    def __init__(self, input_channels, squeeze_channels, activation=nn.ReLU) -> None:
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(input_channels, squeeze_channels, 1)
        self.fc2 = nn.Conv2d(squeeze_channels, input_channels, 1)
        self.activation = activation()
        self.scale_activation = nn.Sigmoid()

    def forward(self, x):
        s = self.fc2(self.activation(self.fc1(self.avgpool(x))))
        return x * self.scale_activation(s)


def _divisible(v: float, d: int = 8) -> int:
    new = max(d, int(v + d / 2) // d * d)
    return new + d if new < 0.9 * v else new


class MBConv(nn.Module):
    """torchvision.models.efficientnet.MBConv (stochastic depth omitted: no weights)."""

    def __init__(self, input_channels, out_channels, stride=1, kernel=3, expand_ratio=6.0):
        super().__init__()
        mid = _divisible(input_channels * expand_ratio)
        layers: list[nn.Module] = []
        if mid != input_channels:
            layers.append(conv_bn(input_channels, mid, 1, act=nn.SiLU, eps=1e-3))
        layers.append(conv_bn(mid, mid, kernel, stride, groups=mid, act=nn.SiLU, eps=1e-3))
        layers.append(SqueezeExcitation(mid, max(1, input_channels // 4), nn.SiLU))
        layers.append(conv_bn(mid, out_channels, 1, eps=1e-3))
        self.block = nn.Sequential(*layers)
        self.use_res = stride == 1 and input_channels == out_channels

    def forward(self, x):
        y = self.block(x)
        return y + x if self.use_res else y


class FusedMBConv(nn.Module):
    """torchvision.models.efficientnet.FusedMBConv."""

    def __init__(self, input_channels, out_channels, stride=1, kernel=3, expand_ratio=4.0):
        super().__init__()
        mid = _divisible(input_channels * expand_ratio)
        if mid != input_channels:
            layers = [
                conv_bn(input_channels, mid, kernel, stride, act=nn.SiLU, eps=1e-3),
                conv_bn(mid, out_channels, 1, eps=1e-3),
            ]
        else:
            layers = [conv_bn(input_channels, out_channels, kernel, stride, act=nn.SiLU, eps=1e-3)]
        self.block = nn.Sequential(*layers)
        self.use_res = stride == 1 and input_channels == out_channels

    def forward(self, x):
        y = self.block(x)
        return y + x if self.use_res else y


class DenseLayer(nn.Module):
    """torchvision.models.densenet._DenseLayer, returning cat([x, new]) as the block does."""

    def __init__(self, num_input_features, growth_rate=32, bn_size=4) -> None:
        super().__init__()
        self.norm1 = nn.BatchNorm2d(num_input_features)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv1 = nn.Conv2d(num_input_features, bn_size * growth_rate, 1, bias=False)
        self.norm2 = nn.BatchNorm2d(bn_size * growth_rate)
        self.relu2 = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(bn_size * growth_rate, growth_rate, 3, 1, 1, bias=False)

    def forward(self, x):
        y = self.conv1(self.relu1(self.norm1(x)))
        return torch.cat([x, self.conv2(self.relu2(self.norm2(y)))], 1)


class DenseTransition(nn.Sequential):
    """torchvision.models.densenet._Transition."""

    def __init__(self, num_input_features, num_output_features) -> None:
        super().__init__()
        self.norm = nn.BatchNorm2d(num_input_features)
        self.relu = nn.ReLU(inplace=True)
        self.conv = nn.Conv2d(num_input_features, num_output_features, 1, bias=False)
        self.pool = nn.AvgPool2d(2, 2)


class VGGBlock(nn.Module):
    def __init__(self, in_channels, out_channels, num_convs=2, batch_norm=False) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        for n in range(num_convs):
            layers.append(
                nn.Conv2d(in_channels if n == 0 else out_channels, out_channels, 3, padding=1)
            )
            if batch_norm:
                layers.append(nn.BatchNorm2d(out_channels))
            layers.append(nn.ReLU(inplace=True))
        layers.append(nn.MaxPool2d(2, 2))
        self.layers = nn.Sequential(*layers)

    def forward(self, x):
        return self.layers(x)


class BasicConv2d(nn.Module):
    def __init__(self, cin, cout, k) -> None:
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, padding=k // 2, bias=False)
        self.bn = nn.BatchNorm2d(cout, eps=0.001)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class InceptionModule(nn.Module):
    """torchvision.models.googlenet.Inception."""

    def __init__(self, in_channels, ch1x1, ch3x3red, ch3x3, ch5x5red, ch5x5, pool_proj):
        super().__init__()
        self.branch1 = BasicConv2d(in_channels, ch1x1, 1)
        self.branch2 = nn.Sequential(
            BasicConv2d(in_channels, ch3x3red, 1), BasicConv2d(ch3x3red, ch3x3, 3)
        )
        self.branch3 = nn.Sequential(
            BasicConv2d(in_channels, ch5x5red, 1), BasicConv2d(ch5x5red, ch5x5, 3)
        )
        self.branch4 = nn.Sequential(
            nn.MaxPool2d(3, 1, 1, ceil_mode=True), BasicConv2d(in_channels, pool_proj, 1)
        )

    def forward(self, x):
        return torch.cat([self.branch1(x), self.branch2(x), self.branch3(x), self.branch4(x)], 1)


class DepthwiseSeparableConv(nn.Module):
    def __init__(self, in_channels, out_channels, stride=1) -> None:
        super().__init__()
        self.depthwise = conv_bn(
            in_channels, in_channels, 3, stride, groups=in_channels, act=nn.ReLU
        )
        self.pointwise = conv_bn(in_channels, out_channels, 1, act=nn.ReLU)

    def forward(self, x):
        return self.pointwise(self.depthwise(x))


def hand(name: str, cls: type[nn.Module]) -> None:
    """Register a hand-written module built from the block's params as keyword arguments."""

    def factory(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
        with torch.device("meta"):
            module = cls(**params)
        return Ref(module, tuple(torch.empty(s, device="meta") for s in inputs))

    REFERENCES[name] = factory


for _cls in (
    BasicBlock,
    Bottleneck,
    PreActBlock,
    MBConv,
    FusedMBConv,
    DenseLayer,
    DenseTransition,
    VGGBlock,
    InceptionModule,
    DepthwiseSeparableConv,
):
    hand(_cls.__name__, _cls)
hand("SEBlock", SqueezeExcitation)


# ---------------------------------------------------------------------- U-Net parts
class DoubleConv(nn.Module):
    """milesial/Pytorch-UNet unet_parts.DoubleConv."""

    def __init__(self, in_channels, out_channels, mid_channels=None) -> None:
        super().__init__()
        mid = mid_channels or out_channels
        self.double_conv = nn.Sequential(
            nn.Conv2d(in_channels, mid, 3, padding=1, bias=False),
            nn.BatchNorm2d(mid),
            nn.ReLU(inplace=True),
            nn.Conv2d(mid, out_channels, 3, padding=1, bias=False),
            nn.BatchNorm2d(out_channels),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.double_conv(x)


class UNetDown(nn.Module):
    def __init__(self, in_channels, out_channels) -> None:
        super().__init__()
        self.maxpool_conv = nn.Sequential(nn.MaxPool2d(2), DoubleConv(in_channels, out_channels))

    def forward(self, x):
        return self.maxpool_conv(x)


class UNetUp(nn.Module):
    def __init__(self, in_channels, out_channels, bilinear=False) -> None:
        super().__init__()
        if bilinear:
            self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
            self.conv = DoubleConv(in_channels, out_channels, in_channels // 2)
        else:
            self.up = nn.ConvTranspose2d(in_channels, in_channels // 2, 2, stride=2)
            self.conv = DoubleConv(in_channels, out_channels)

    def forward(self, x1, x2):
        return self.conv(torch.cat([x2, self.up(x1)], dim=1))


class ResnetBlock2D(nn.Module):
    """diffusers.models.resnet.ResnetBlock2D, default path (no up/down, scale 1)."""

    def __init__(self, in_channels, out_channels, temb_channels=512, groups=32, eps=1e-6):
        super().__init__()
        self.norm1 = nn.GroupNorm(groups, in_channels, eps=eps)
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, padding=1)
        self.time_emb_proj = nn.Linear(temb_channels, out_channels)
        self.norm2 = nn.GroupNorm(groups, out_channels, eps=eps)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, padding=1)
        self.nonlinearity = nn.SiLU()
        self.conv_shortcut = (
            nn.Conv2d(in_channels, out_channels, 1) if in_channels != out_channels else None
        )

    def forward(self, x, temb):
        h = self.conv1(self.nonlinearity(self.norm1(x)))
        h = h + self.time_emb_proj(self.nonlinearity(temb))[:, :, None, None]
        h = self.conv2(self.nonlinearity(self.norm2(h)))
        return (x if self.conv_shortcut is None else self.conv_shortcut(x)) + h


class Downsample2D(nn.Module):
    def __init__(self, channels, out_channels=None) -> None:
        super().__init__()
        self.conv = nn.Conv2d(channels, out_channels or channels, 3, stride=2, padding=1)

    def forward(self, x):
        return self.conv(x)


class Upsample2D(nn.Module):
    def __init__(self, channels, out_channels=None) -> None:
        super().__init__()
        self.conv = nn.Conv2d(channels, out_channels or channels, 3, padding=1)

    def forward(self, x):
        return self.conv(nn.functional.interpolate(x, scale_factor=2.0, mode="nearest"))


class TimestepEmbedding(nn.Module):
    def __init__(self, in_channels, time_embed_dim) -> None:
        super().__init__()
        self.linear_1 = nn.Linear(in_channels, time_embed_dim)
        self.act = nn.SiLU()
        self.linear_2 = nn.Linear(time_embed_dim, time_embed_dim)

    def forward(self, x):
        return self.linear_2(self.act(self.linear_1(x)))


for _cls in (
    DoubleConv,
    UNetDown,
    UNetUp,
    ResnetBlock2D,
    Downsample2D,
    Upsample2D,
    TimestepEmbedding,
):
    hand(_cls.__name__, _cls)


# ---------------------------------------------------------------------- misc
def _torch_transformer(decoder: bool) -> Factory:
    def factory(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
        cls = nn.TransformerDecoderLayer if decoder else nn.TransformerEncoderLayer
        with torch.device("meta"):
            module = cls(**params, batch_first=True, dropout=0.0)
        return Ref(module.eval(), tuple(torch.empty(s, device="meta") for s in inputs))

    return factory


REFERENCES["TorchTransformerEncoderLayer"] = _torch_transformer(False)
REFERENCES["TorchTransformerDecoderLayer"] = _torch_transformer(True)


class MixerBlock(nn.Module):
    """timm.models.mlp_mixer.MixerBlock (Mlp = fc1, GELU, fc2)."""

    def __init__(self, dim, seq_len, tokens_mlp_ratio=0.5, channels_mlp_ratio=4.0) -> None:
        super().__init__()
        tokens, channels = int(tokens_mlp_ratio * dim), int(channels_mlp_ratio * dim)
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp_tokens = nn.ModuleDict(
            {"fc1": nn.Linear(seq_len, tokens), "fc2": nn.Linear(tokens, seq_len)}
        )
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp_channels = nn.ModuleDict(
            {"fc1": nn.Linear(dim, channels), "fc2": nn.Linear(channels, dim)}
        )

    @staticmethod
    def _mlp(m: nn.ModuleDict, x):
        return m["fc2"](nn.functional.gelu(m["fc1"](x)))

    def forward(self, x):
        x = x + self._mlp(self.mlp_tokens, self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self._mlp(self.mlp_channels, self.norm2(x))


class RNNEncoder(nn.Module):
    def __init__(
        self, vocab_size, embed_dim, hidden_size, num_layers=1, bidirectional=False, cell="lstm"
    ) -> None:
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, embed_dim)
        rnn = nn.LSTM if cell == "lstm" else nn.GRU
        self.rnn = rnn(
            embed_dim, hidden_size, num_layers, batch_first=True, bidirectional=bidirectional
        )

    def forward(self, ids):
        return self.rnn(self.embedding(ids))[0]


hand("MixerBlock", MixerBlock)


@register("RNNEncoder")
def _rnn_encoder(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    module = RNNEncoder(**params)  # CPU: cuDNN-style RNN kernels have no meta implementation
    return Ref(module, (torch.zeros(inputs[0], dtype=torch.long),))


for _name, _mt, _cfg in (
    ("Wav2Vec2EncoderLayer", "wav2vec2", None),
    ("Wav2Vec2EncoderLayerStableLayerNorm", "wav2vec2", None),
    ("HubertEncoderLayer", "hubert", None),
):
    hf_decoder(_name, _mt, _name, _cfg, rope=False)


@register("Wav2Vec2ConformerEncoderLayer")
def _conformer(params: dict[str, Any], inputs: list[tuple[int, ...]]) -> Ref:
    cfg = hf_config("wav2vec2_conformer", "wav2vec2-conformer", params)
    module = hf_module("wav2vec2_conformer", "Wav2Vec2ConformerEncoderLayer", cfg, "meta")
    x = torch.empty(inputs[0], device="meta")
    kwargs: dict[str, Any] = {}
    if cfg.position_embeddings_type == "relative":
        kwargs["relative_position_embeddings"] = torch.empty(inputs[1], device="meta")
    elif cfg.position_embeddings_type == "rotary":
        hd = cfg.hidden_size // cfg.num_attention_heads
        kwargs["relative_position_embeddings"] = torch.empty(2, x.shape[1], 1, 1, hd, device="meta")
    return Ref(module.eval(), (x,), kwargs)
