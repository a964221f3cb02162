"""Griffin-style hybrid: RG-LRU recurrent blocks and local MQA blocks, laid out by a pattern string."""

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = dict(
    vocab_size=2048,
    width=256,
    lru_width=320,
    num_heads=4,
    mlp_expansion=3,
    pattern="RRA",
    depth=6,
    conv_width=4,
)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.scale = nn.Parameter(torch.zeros(dim))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * (1 + self.scale)


class RGLRU(nn.Module):
    def __init__(self, width, num_heads):
        super().__init__()
        self.a_param = nn.Parameter(torch.empty(width).uniform_(0.9, 0.999))
        bw = width // num_heads
        self.input_gate_w = nn.Parameter(torch.randn(num_heads, bw, bw) * bw**-0.5)
        self.input_gate_b = nn.Parameter(torch.zeros(num_heads, bw))
        self.a_gate_w = nn.Parameter(torch.randn(num_heads, bw, bw) * bw**-0.5)
        self.a_gate_b = nn.Parameter(torch.zeros(num_heads, bw))
        self.num_heads = num_heads

    def forward(self, x):
        b, t, w = x.shape
        xh = x.view(b, t, self.num_heads, -1)
        gx = torch.sigmoid(
            torch.einsum("bthi,hij->bthj", xh, self.input_gate_w) + self.input_gate_b
        ).reshape(b, t, w)
        ga = torch.sigmoid(
            torch.einsum("bthi,hij->bthj", xh, self.a_gate_w) + self.a_gate_b
        ).reshape(b, t, w)
        log_a = -8.0 * ga * F.softplus(self.a_param)
        a = torch.exp(log_a)
        h = torch.zeros(b, w, device=x.device)
        ys = []
        for s in range(t):
            h = a[:, s] * h + torch.sqrt(1 - a[:, s] ** 2) * (gx[:, s] * x[:, s])
            ys.append(h)
        return torch.stack(ys, 1)


class RecurrentBlock(nn.Module):
    def __init__(self, width, lru_width, num_heads, conv_width):
        super().__init__()
        self.linear_y = nn.Linear(width, lru_width)
        self.linear_x = nn.Linear(width, lru_width)
        self.linear_out = nn.Linear(lru_width, width)
        self.conv_1d = nn.Conv1d(
            lru_width, lru_width, conv_width, groups=lru_width, padding=conv_width - 1
        )
        self.rg_lru = RGLRU(lru_width, num_heads)

    def forward(self, x):
        t = x.shape[1]
        y = F.gelu(self.linear_y(x))
        x = self.conv_1d(self.linear_x(x).transpose(1, 2))[..., :t].transpose(1, 2)
        return self.linear_out(self.rg_lru(x) * y)


class LocalMQA(nn.Module):
    def __init__(self, width, num_heads, window=128):
        super().__init__()
        self.head_dim = width // num_heads
        self.q = nn.Linear(width, width, bias=False)
        self.kv = nn.Linear(width, 2 * self.head_dim, bias=False)
        self.o = nn.Linear(width, width)
        self.num_heads, self.window = num_heads, window

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.num_heads, -1).transpose(1, 2)
        k, v = self.kv(x).unsqueeze(1).chunk(2, -1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class ResidualBlock(nn.Module):
    def __init__(self, kind, width, lru_width, num_heads, mlp_expansion, conv_width):
        super().__init__()
        self.temporal_pre_norm = RMSNorm(width)
        self.temporal = (
            RecurrentBlock(width, lru_width, num_heads, conv_width)
            if kind == "R"
            else LocalMQA(width, num_heads)
        )
        self.channel_pre_norm = RMSNorm(width)
        self.ffw_up = nn.Linear(width, 2 * mlp_expansion * width)
        self.ffw_down = nn.Linear(mlp_expansion * width, width)

    def forward(self, x):
        x = x + self.temporal(self.temporal_pre_norm(x))
        g, u = self.ffw_up(self.channel_pre_norm(x)).chunk(2, -1)
        return x + self.ffw_down(F.gelu(g) * u)


class Griffin(nn.Module):
    def __init__(
        self, vocab_size, width, lru_width, num_heads, mlp_expansion, pattern, depth, conv_width
    ):
        super().__init__()
        self.embedder = nn.Embedding(vocab_size, width)
        kinds = [pattern[i % len(pattern)] for i in range(depth)]
        self.blocks = nn.ModuleList(
            ResidualBlock(k, width, lru_width, num_heads, mlp_expansion, conv_width) for k in kinds
        )
        self.final_norm = RMSNorm(width)

    def forward(self, tokens):
        x = self.embedder(tokens) * self.embedder.embedding_dim**0.5
        for blk in self.blocks:
            x = blk(x)
        return self.final_norm(x) @ self.embedder.weight.T


model = Griffin(**CONFIG)
