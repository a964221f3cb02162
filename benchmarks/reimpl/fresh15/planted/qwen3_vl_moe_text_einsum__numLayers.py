"""Qwen3-VL-MoE's text tower, einsum only, sized from the nested dict of the VLM's config."""

import torch
import torch.nn as nn

CHECKPOINT_CONFIG = {
    "model_type": "our_vlm",
    "vision_config": {"depth": 4, "hidden_size": 96},
    "text_config": {
        "vocab_size": 256,
        "hidden_size": 64,
        "num_hidden_layers": 3,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "head_dim": 16,
        "num_experts": 4,
        "num_experts_per_tok": 2,
        "moe_intermediate_size": 32,
        "rms_norm_eps": 1e-6,
    },
}
T = CHECKPOINT_CONFIG["text_config"]


def rms(x, w):
    return w * x * torch.rsqrt(torch.einsum("...d,...d->...", x, x)[..., None] / x.shape[-1] + 1e-6)


class Layer(nn.Module):
    def __init__(self, t):
        super().__init__()
        d, h, g, hd = (
            t["hidden_size"],
            t["num_attention_heads"],
            t["num_key_value_heads"],
            t["head_dim"],
        )
        e, f = t["num_experts"], t["moe_intermediate_size"]
        self.h, self.g, self.top_k = h, g, t["num_experts_per_tok"]
        self.wq = nn.Parameter(torch.empty(d, h, hd))
        self.wk = nn.Parameter(torch.empty(d, g, hd))
        self.wv = nn.Parameter(torch.empty(d, g, hd))
        self.wo = nn.Parameter(torch.empty(h, hd, d))
        self.q_norm = nn.Parameter(torch.ones(hd))
        self.k_norm = nn.Parameter(torch.ones(hd))
        self.router = nn.Parameter(torch.empty(d, e))
        self.w_in = nn.Parameter(torch.empty(e, d, 2, f))
        self.w_out = nn.Parameter(torch.empty(e, f, d))
        self.ln_attn = nn.Parameter(torch.ones(d))
        self.ln_ffn = nn.Parameter(torch.ones(d))

    def forward(self, x):
        y = rms(x, self.ln_attn)
        q = rms(torch.einsum("btd,dhk->bthk", y, self.wq), self.q_norm)
        k = rms(torch.einsum("btd,dgk->btgk", y, self.wk), self.k_norm)
        v = torch.einsum("btd,dgk->btgk", y, self.wv)
        rep = self.h // self.g
        k, v = k.repeat_interleave(rep, 2), v.repeat_interleave(rep, 2)
        s = torch.einsum("bqhk,bshk->bhqs", q, k) / q.shape[-1] ** 0.5
        mask = torch.ones(s.shape[-2:], dtype=torch.bool).tril()
        a = s.masked_fill(~mask, float("-inf")).softmax(-1)
        o = torch.einsum("bhqs,bshk->bqhk", a, v)
        x = x + torch.einsum("bthk,hkd->btd", o, self.wo)
        y = rms(x, self.ln_ffn)
        p = torch.einsum("btd,de->bte", y, self.router).softmax(-1)
        top = p.topk(self.top_k, dim=-1)  # each token's top-k experts, renormalised
        p = torch.zeros_like(p).scatter(-1, top.indices, top.values / top.values.sum(-1, True))
        gu = torch.einsum("btd,edcf->btecf", y, self.w_in)
        act = torch.nn.functional.silu(gu[..., 0, :]) * gu[..., 1, :]
        return x + torch.einsum("bte,btef,efd->btd", p, act, self.w_out)


class Qwen3VLMoeText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Parameter(torch.empty(T["vocab_size"], T["hidden_size"]))
        self.layers = nn.ModuleList(Layer(T) for _ in range(T["num_hidden_layers"]))
        self.norm = nn.Parameter(torch.ones(T["hidden_size"]))

    def forward(self, ids):
        x = self.embed[ids]
        for layer in self.layers:
            x = layer(x)
        return rms(x, self.norm)
