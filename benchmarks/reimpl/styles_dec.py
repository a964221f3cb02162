"""Decoder-only language models written the ways users write them (Llama family, Phi, GPT-2,
GPT-NeoX). Each ``render_*`` returns the source of one self-contained file (plain torch, no
transformers import); ``v`` holds the architecture values, ``s`` the style knobs."""

from __future__ import annotations

from benchmarks.reimpl.common import Params

RMSNORM = {
    "meta": """
class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x):
        return self._norm(x.float()).type_as(x) * self.weight
""",
    "plain": '''
class RMSNorm(nn.Module):
    """Root-mean-square norm, no bias, no mean subtraction."""

    def __init__(self, size, eps):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        rms = torch.sqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps)
        return self.scale * (x / rms)
''',
    "gemma": """
class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        out = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + self.eps)
        return (out * (1.0 + self.weight.float())).type_as(x)
""",
}

ROPE = {
    "complex": """
def precompute_freqs_cis(dim: int, end: int, theta: float):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device).float()
    freqs = torch.outer(t, freqs)
    return torch.polar(torch.ones_like(freqs), freqs)


def apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = freqs_cis[: xq.shape[1]].view(1, xq.shape[1], 1, xq_.shape[-1])
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)
""",
    "half": """
def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class Rotary(nn.Module):
    def __init__(self, dim, max_len, base):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        t = torch.arange(max_len).float()
        emb = torch.cat([torch.outer(t, inv_freq)] * 2, dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, q, k):
        n = q.shape[2]
        cos, sin = self.cos_cached[:n], self.sin_cached[:n]
        return q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
""",
}


def _header(p: Params) -> str:
    return p.block()


def render_llama(v: dict, s: dict) -> str:
    """Llama / Mistral / Qwen2 / Gemma / Mixtral / Phi-3 style decoder.

    s: cfg (dataclass|constants|kwargs), names (meta|hf|nano), attn (separate|fused),
    mlp (separate|fused|moe), rope (complex|half), norm (meta|plain|gemma), tied (bool),
    qkv_bias (bool), act (silu|gelu_tanh), scale_embed (bool), window (bool)."""
    n = {
        "meta": dict(
            q="wq",
            k="wk",
            v="wv",
            o="wo",
            qkv="wqkv",
            g="w1",
            d="w2",
            u="w3",
            gu="w13",
            emb="tok_embeddings",
            layers="layers",
            norm="norm",
            head="output",
            an="attention_norm",
            fn="ffn_norm",
            attn="attention",
            mlp="feed_forward",
            Attn="Attention",
            Mlp="FeedForward",
            Block="TransformerBlock",
            Model="Transformer",
        ),
        "hf": dict(
            q="q_proj",
            k="k_proj",
            v="v_proj",
            o="o_proj",
            qkv="qkv_proj",
            g="gate_proj",
            d="down_proj",
            u="up_proj",
            gu="gate_up_proj",
            emb="embed_tokens",
            layers="layers",
            norm="norm",
            head="lm_head",
            an="input_layernorm",
            fn="post_attention_layernorm",
            attn="self_attn",
            mlp="mlp",
            Attn="SelfAttention",
            Mlp="GatedMLP",
            Block="DecoderLayer",
            Model="CausalLM",
        ),
        "nano": dict(
            q="to_q",
            k="to_k",
            v="to_v",
            o="proj",
            qkv="c_attn",
            g="fc_gate",
            d="fc_out",
            u="fc_in",
            gu="fc",
            emb="wte",
            layers="blocks",
            norm="ln_f",
            head="lm_head",
            an="ln_1",
            fn="ln_2",
            attn="attn",
            mlp="mlp",
            Attn="CausalSelfAttention",
            Mlp="MLP",
            Block="Block",
            Model="GPT",
        ),
    }[s["names"]]
    p = Params(
        s["cfg"],
        v,
        [
            ("dim", "hidden"),
            ("n_layers", "layers"),
            ("n_heads", "heads"),
            ("n_kv_heads", "kv_heads"),
            ("head_dim", "head_dim"),
            ("vocab_size", "vocab"),
            ("hidden_dim", "ffn"),
            ("norm_eps", "eps"),
            ("rope_theta", "theta"),
            ("max_seq_len", "positions"),
        ]
        + ([("sliding_window", "window")] if s.get("window") else [])
        + ([("n_experts", "experts"), ("top_k", "top_k")] if s["mlp"] == "moe" else []),
    )
    qb = "True" if s.get("qkv_bias") else "False"
    act = "F.silu" if s.get("act", "silu") == "silu" else 'partial(F.gelu, approximate="tanh")'
    rope = s["rope"]
    out = ['"""' + s["doc"] + '"""', "", "import math"]
    if s["cfg"] == "dataclass":
        out.append("from dataclasses import dataclass")
    if "partial" in act:
        out.append("from functools import partial")
    out += ["", "import torch", "import torch.nn as nn", "import torch.nn.functional as F", ""]
    out.append(_header(p))
    out.append(RMSNORM[s["norm"]])
    out.append(ROPE[rope])
    # attention
    a = [
        f"class {n['Attn']}(nn.Module):",
        "    def __init__(self, dim, n_heads, n_kv_heads, head_dim"
        + (", window" if s.get("window") else "")
        + "):",
        "        super().__init__()",
        "        self.n_heads = n_heads",
        "        self.n_kv_heads = n_kv_heads",
        "        self.head_dim = head_dim",
    ]
    if s.get("window"):
        a.append("        self.window = window")
    if s["attn"] == "fused":
        a += [
            f"        self.{n['qkv']} = nn.Linear(dim, (n_heads + 2 * n_kv_heads) * head_dim, bias={qb})"
        ]
    else:
        a += [
            f"        self.{n['q']} = nn.Linear(dim, n_heads * head_dim, bias={qb})",
            f"        self.{n['k']} = nn.Linear(dim, n_kv_heads * head_dim, bias={qb})",
            f"        self.{n['v']} = nn.Linear(dim, n_kv_heads * head_dim, bias={qb})",
        ]
    a += [
        f"        self.{n['o']} = nn.Linear(n_heads * head_dim, dim, bias=False)",
        "",
        "    def forward(self, x, rope):",
        "        bsz, seqlen, _ = x.shape",
    ]
    if s["attn"] == "fused":
        a += [
            f"        qkv = self.{n['qkv']}(x)",
            "        q_size, kv_size = self.n_heads * self.head_dim, self.n_kv_heads * self.head_dim",
            "        q, k, v = qkv.split([q_size, kv_size, kv_size], dim=-1)",
        ]
    else:
        a += [f"        q, k, v = self.{n['q']}(x), self.{n['k']}(x), self.{n['v']}(x)"]
    a += [
        "        q = q.view(bsz, seqlen, self.n_heads, self.head_dim)",
        "        k = k.view(bsz, seqlen, self.n_kv_heads, self.head_dim)",
        "        v = v.view(bsz, seqlen, self.n_kv_heads, self.head_dim)",
    ]
    if rope == "complex":
        a += [
            "        q, k = apply_rotary_emb(q, k, rope)",
            "        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)",
        ]
    else:
        a += [
            "        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)",
            "        q, k = rope(q, k)",
        ]
    a += [
        "        rep = self.n_heads // self.n_kv_heads",
        "        k = k.repeat_interleave(rep, dim=1)",
        "        v = v.repeat_interleave(rep, dim=1)",
    ]
    if s.get("window"):
        a += [
            "        i = torch.arange(seqlen, device=x.device)",
            "        mask = (i[None, :] <= i[:, None]) & (i[:, None] - i[None, :] < self.window)",
            "        out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)",
        ]
    else:
        a += ["        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)"]
    a += [
        "        out = out.transpose(1, 2).contiguous().view(bsz, seqlen, -1)",
        f"        return self.{n['o']}(out)",
        "",
        "",
    ]
    out.append("\n".join(a))
    # mlp
    m = [
        f"class {n['Mlp']}(nn.Module):",
        "    def __init__(self, dim, hidden_dim):",
        "        super().__init__()",
    ]
    if s["mlp"] == "fused":
        m += [
            f"        self.{n['gu']} = nn.Linear(dim, 2 * hidden_dim, bias=False)",
            f"        self.{n['d']} = nn.Linear(hidden_dim, dim, bias=False)",
            "",
            "    def forward(self, x):",
            f"        gate, up = self.{n['gu']}(x).chunk(2, dim=-1)",
            f"        return self.{n['d']}({act}(gate) * up)",
        ]
    else:
        m += [
            f"        self.{n['g']} = nn.Linear(dim, hidden_dim, bias=False)",
            f"        self.{n['d']} = nn.Linear(hidden_dim, dim, bias=False)",
            f"        self.{n['u']} = nn.Linear(dim, hidden_dim, bias=False)",
            "",
            "    def forward(self, x):",
            f"        return self.{n['d']}({act}(self.{n['g']}(x)) * self.{n['u']}(x))",
        ]
    out.append("\n".join(m) + "\n\n")
    if s["mlp"] == "moe":
        out.append(
            "\n".join(
                [
                    "class SparseMoE(nn.Module):",
                    "    def __init__(self, dim, hidden_dim, n_experts, top_k):",
                    "        super().__init__()",
                    "        self.top_k = top_k",
                    "        self.router = nn.Linear(dim, n_experts, bias=False)",
                    f"        self.experts = nn.ModuleList([{n['Mlp']}(dim, hidden_dim) for _ in range(n_experts)])",
                    "",
                    "    def forward(self, x):",
                    "        logits = self.router(x)",
                    "        weights, chosen = torch.topk(F.softmax(logits, dim=-1), self.top_k, dim=-1)",
                    "        weights = weights / weights.sum(dim=-1, keepdim=True)",
                    "        out = torch.zeros_like(x)",
                    "        for i, expert in enumerate(self.experts):",
                    "            w = (weights * (chosen == i)).sum(dim=-1, keepdim=True)",
                    "            out = out + w * expert(x)",
                    "        return out",
                    "",
                    "",
                ]
            )
        )
    # block
    mlp_ctor = (
        "SparseMoE(dim, hidden_dim, n_experts, top_k)"
        if s["mlp"] == "moe"
        else f"{n['Mlp']}(dim, hidden_dim)"
    )
    extra = ", n_experts, top_k" if s["mlp"] == "moe" else ""
    win = ", window" if s.get("window") else ""
    out.append(
        "\n".join(
            [
                f"class {n['Block']}(nn.Module):",
                f"    def __init__(self, dim, n_heads, n_kv_heads, head_dim, hidden_dim, eps{win}{extra}):",
                "        super().__init__()",
                f"        self.{n['attn']} = {n['Attn']}(dim, n_heads, n_kv_heads, head_dim{win})",
                f"        self.{n['mlp']} = {mlp_ctor}",
                f"        self.{n['an']} = RMSNorm(dim, eps=eps)",
                f"        self.{n['fn']} = RMSNorm(dim, eps=eps)",
                "",
                "    def forward(self, x, rope):",
                f"        h = x + self.{n['attn']}(self.{n['an']}(x), rope)",
                f"        return h + self.{n['mlp']}(self.{n['fn']}(h))",
                "",
                "",
            ]
        )
    )
    # model
    g = p.get
    init = p.init_sig(n["Model"])
    blk_args = [g("hidden"), g("heads"), g("kv_heads"), g("head_dim"), g("ffn"), g("eps")]
    if s.get("window"):
        blk_args.append(g("window"))
    if s["mlp"] == "moe":
        blk_args += [g("experts"), g("top_k")]
    body = init + [
        f"        self.{n['emb']} = nn.Embedding({g('vocab')}, {g('hidden')})",
        f"        self.{n['layers']} = nn.ModuleList(",
        f"            [{n['Block']}({', '.join(blk_args)}) for _ in range({g('layers')})]",
        "        )",
        f"        self.{n['norm']} = RMSNorm({g('hidden')}, eps={g('eps')})",
    ]
    if s.get("tied"):
        body.append(
            f"        self.{n['head']} = nn.Linear({g('hidden')}, {g('vocab')}, bias=False)"
        )
        body.append(f"        self.{n['head']}.weight = self.{n['emb']}.weight  # weight tying")
    else:
        body.append(
            f"        self.{n['head']} = nn.Linear({g('hidden')}, {g('vocab')}, bias=False)"
        )
    if rope == "complex":
        body.append(
            f'        self.register_buffer("freqs_cis", precompute_freqs_cis({g("head_dim")}, '
            f"{g('positions')}, {g('theta')}), persistent=False)"
        )
    else:
        body.append(
            f"        self.rotary = Rotary({g('head_dim')}, {g('positions')}, {g('theta')})"
        )
    if s.get("scale_embed"):
        body.append(f"        self.normalizer = {g('hidden')} ** 0.5")
    body += ["", "    def forward(self, tokens):", f"        h = self.{n['emb']}(tokens)"]
    if s.get("scale_embed"):
        body.append("        h = h * self.normalizer")
    ropearg = "self.freqs_cis" if rope == "complex" else "self.rotary"
    body += [
        f"        for layer in self.{n['layers']}:",
        f"            h = layer(h, {ropearg})",
        f"        return self.{n['head']}(self.{n['norm']}(h))",
        "",
    ]
    out.append("\n".join(body))
    return "\n".join(out)
