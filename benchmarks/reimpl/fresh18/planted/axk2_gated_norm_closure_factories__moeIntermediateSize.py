"""AXK2-like decoder from a model-zoo rewrite: latent attention whose query comes from a gated
low-rank path (q_a -> norm -> [latent, gated latent] -> one fused head projection), an indexer
reading the query latent, and low-rank gated RMSNorms (a rank-16 bottleneck rescales the norm's
output) before attention and, on MoE layers, before the FFN. Modules come from closures."""

import torch
import torch.nn.functional as F
from torch import nn

CFG = dict(
    vocab_size=256,
    d_model=64,
    n_heads=4,
    q_rank=32,
    kv_rank=32,
    nope_dim=16,
    rope_dim=8,
    v_dim=16,
    index_heads=4,
    index_dim=16,
    gate_rank=16,
    dense_ffn=128,
    n_experts=4,
    top_k=2,
    expert_ffn=48,
    layer_ffn=("dense", "moe"),
)


def rms_norm_factory(n):
    class _RMS(nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = nn.Parameter(torch.ones(n))

        def forward(self, x):
            return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)

    return _RMS()


def gated_norm_factory(n, rank):
    class _GatedRMS(nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = rms_norm_factory(n)
            self.down = nn.Linear(n, rank, bias=False)
            self.up = nn.Linear(rank, n, bias=False)

        def forward(self, x):
            y = self.norm(x)
            return y * torch.sigmoid(self.up(F.silu(self.down(y))))

    return _GatedRMS()


def attention_factory(c):
    h = c["n_heads"]
    qk = c["nope_dim"] + c["rope_dim"]

    class _Attention(nn.Module):
        def __init__(self):
            super().__init__()
            self.q_a = nn.Linear(c["d_model"], c["q_rank"], bias=False)
            self.q_a_norm = rms_norm_factory(c["q_rank"])
            self.q_gate = nn.Linear(2 * c["q_rank"], h * (qk + c["v_dim"]), bias=False)
            self.kv_a = nn.Linear(c["d_model"], c["kv_rank"] + c["rope_dim"], bias=False)
            self.kv_a_norm = rms_norm_factory(c["kv_rank"])
            self.kv_b = nn.Linear(c["kv_rank"], h * (c["nope_dim"] + c["v_dim"]), bias=False)
            self.out = nn.Linear(h * c["v_dim"], c["d_model"], bias=False)
            self.idx_q = nn.Linear(c["q_rank"], c["index_heads"] * c["index_dim"], bias=False)
            self.idx_k = nn.Linear(c["d_model"], c["index_dim"], bias=False)
            self.idx_k_norm = nn.LayerNorm(c["index_dim"])
            self.idx_w = nn.Linear(c["d_model"], c["index_heads"], bias=False)

        def forward(self, x):
            b, t, _ = x.shape
            lat = self.q_a_norm(self.q_a(x))
            qg = self.q_gate(torch.cat([lat, F.silu(lat)], -1)).view(b, t, h, -1).transpose(1, 2)
            q, gate = qg.split([qk, c["v_dim"]], -1)
            kv_lat, k_rope = self.kv_a(x).split([c["kv_rank"], c["rope_dim"]], -1)
            kv = self.kv_b(self.kv_a_norm(kv_lat)).view(b, t, h, -1).transpose(1, 2)
            k_nope, v = kv.split([c["nope_dim"], c["v_dim"]], -1)
            k = torch.cat([k_nope, k_rope[:, None].expand(-1, h, -1, -1)], -1)
            iq = self.idx_q(lat).view(b, t, c["index_heads"], -1)
            ik = self.idx_k_norm(self.idx_k(x))
            bias = torch.einsum("bqhd,bkd,bqh->bqk", iq, ik, self.idx_w(x))[:, None]
            mask = torch.ones(t, t, dtype=torch.bool).tril()
            o = F.scaled_dot_product_attention(
                q, k, v, attn_mask=bias.masked_fill(~mask, float("-inf"))
            )
            return self.out((o * torch.sigmoid(gate)).transpose(1, 2).reshape(b, t, -1))

    return _Attention()


def ffn_factory(d, hidden):
    class _FFN(nn.Module):
        def __init__(self):
            super().__init__()
            self.gate = nn.Linear(d, hidden, bias=False)
            self.up = nn.Linear(d, hidden, bias=False)
            self.down = nn.Linear(hidden, d, bias=False)

        def forward(self, x):
            return self.down(F.silu(self.gate(x)) * self.up(x))

    return _FFN()


def moe_factory(c):
    class _MoE(nn.Module):
        def __init__(self):
            super().__init__()
            e, f, d = c["n_experts"], c["expert_ffn"], c["d_model"]
            self.router = nn.Linear(d, e, bias=False)
            self.gate_up = nn.Parameter(torch.randn(e, 2 * f, d) * 0.02)
            self.down = nn.Parameter(torch.randn(e, d, f) * 0.02)
            self.shared = ffn_factory(d, f)

        def forward(self, x):
            w, idx = torch.sigmoid(self.router(x)).topk(c["top_k"], -1)
            out = self.shared(x)
            for e in range(c["n_experts"]):
                g, u = (x @ self.gate_up[e].T).chunk(2, -1)
                out = out + (w * (idx == e)).sum(-1, keepdim=True) * (
                    (F.silu(g) * u) @ self.down[e].T
                )
            return out

    return _MoE()


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        d = CFG["d_model"]
        self.attn_norm = gated_norm_factory(d, CFG["gate_rank"])
        self.attn = attention_factory(CFG)
        if kind == "dense":
            self.ffn_norm = rms_norm_factory(d)
            self.ffn = ffn_factory(d, CFG["dense_ffn"])
        else:
            self.ffn_norm = gated_norm_factory(d, CFG["gate_rank"])
            self.ffn = moe_factory(CFG)

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.ffn(self.ffn_norm(x))


class AXK2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(CFG["vocab_size"], CFG["d_model"])
        self.layers = nn.ModuleList(Layer(k) for k in CFG["layer_ffn"])
        self.norm = rms_norm_factory(CFG["d_model"])

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
