"""A Nemotron-H-style hybrid: one residual block per character of a pattern (M: Mamba-2 mixer,
*: attention, -: a squared-ReLU MLP), each block a single norm and a mixer."""

import torch
import torch.nn as nn
import torch.nn.functional as F

PATTERN = "M*M-M-"
VOCAB, HIDDEN = 512, 64
ATTN_HEADS, KV_HEADS, ATTN_HEAD_DIM = 4, 2, 16
SSM_HEADS, SSM_HEAD_DIM, SSM_STATE, SSM_GROUPS, CONV = 8, 16, 16, 2, 4
MLP = 128
EPS = 1e-5

N_MAMBA = PATTERN.count("M")  # logged with the run name
INNER = SSM_HEADS * SSM_HEAD_DIM
CONV_DIM = INNER + 2 * SSM_GROUPS * SSM_STATE


class Mamba2(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(
            HIDDEN, 2 * INNER + 2 * SSM_GROUPS * SSM_STATE + SSM_HEADS, bias=False
        )
        self.conv1d = nn.Conv1d(CONV_DIM, CONV_DIM, CONV, groups=CONV_DIM, padding=CONV - 1)
        self.dt_bias = nn.Parameter(torch.ones(SSM_HEADS))
        self.A_log = nn.Parameter(torch.log(torch.arange(1, SSM_HEADS + 1).float()))
        self.D = nn.Parameter(torch.ones(SSM_HEADS))
        self.norm_weight = nn.Parameter(torch.ones(INNER))
        self.out_proj = nn.Linear(INNER, HIDDEN, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        z, xbc, dt = self.in_proj(x).split([INNER, CONV_DIM, SSM_HEADS], -1)
        xbc = F.silu(self.conv1d(xbc.transpose(1, 2))[..., :t].transpose(1, 2))
        xs, B, C = xbc.split([INNER, SSM_GROUPS * SSM_STATE, SSM_GROUPS * SSM_STATE], -1)
        xs = xs.view(b, t, SSM_HEADS, SSM_HEAD_DIM)
        rep = SSM_HEADS // SSM_GROUPS
        B = B.view(b, t, SSM_GROUPS, SSM_STATE).repeat_interleave(rep, 2)
        C = C.view(b, t, SSM_GROUPS, SSM_STATE).repeat_interleave(rep, 2)
        dt = F.softplus(dt + self.dt_bias)
        decay = (dt * -self.A_log.exp()).exp()
        s = x.new_zeros(b, SSM_HEADS, SSM_HEAD_DIM, SSM_STATE)
        ys = []
        for i in range(t):
            s = (
                s * decay[:, i, :, None, None]
                + (dt[:, i, :, None] * xs[:, i])[..., None] * B[:, i, :, None]
            )
            ys.append((s * C[:, i, :, None]).sum(-1) + xs[:, i] * self.D[:, None])
        y = torch.stack(ys, 1).reshape(b, t, INNER) * F.silu(z)
        y = y.view(b, t, SSM_GROUPS, -1)
        y = y * torch.rsqrt(y.pow(2).mean(-1, keepdim=True) + EPS)
        return self.out_proj(y.reshape(b, t, INNER) * self.norm_weight)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(HIDDEN, ATTN_HEADS * ATTN_HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(HIDDEN, KV_HEADS * ATTN_HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(HIDDEN, KV_HEADS * ATTN_HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(ATTN_HEADS * ATTN_HEAD_DIM, HIDDEN, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, ATTN_HEADS, ATTN_HEAD_DIM).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV_HEADS, ATTN_HEAD_DIM).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV_HEADS, ATTN_HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Relu2Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.up_proj = nn.Linear(HIDDEN, MLP, bias=False)
        self.down_proj = nn.Linear(MLP, HIDDEN, bias=False)

    def forward(self, x):
        return self.down_proj(F.relu(self.up_proj(x)).square())


MIXERS = {"M": Mamba2, "*": Attention, "-": Relu2Mlp}


class Block(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.norm = nn.RMSNorm(HIDDEN, eps=EPS)
        self.mixer = MIXERS[kind]()

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class NemotronH(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(Block(kind) for kind in PATTERN)
        self.norm_f = nn.RMSNorm(HIDDEN, eps=EPS)
        self.lm_head = nn.Linear(HIDDEN, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embeddings(ids)
        for blk in self.layers:
            x = blk(x)
        return self.lm_head(self.norm_f(x))
