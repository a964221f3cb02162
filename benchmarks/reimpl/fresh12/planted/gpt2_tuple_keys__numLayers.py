"""A GPT-2 ported from the original TF checkpoint layout: raw [in, out] kernels (no nn.Linear),
hyperparameters in a dict keyed by (prefix, name) tuples, as the TF hparams were split."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HPARAMS = {
    ("n", "vocab"): 448,
    ("n", "ctx"): 32,
    ("n", "embd"): 64,
    ("n", "head"): 4,
    ("n", "layer"): 2,
    ("n", "inner"): 192,
}


def kernel(n_in, n_out):
    return nn.Parameter(torch.randn(n_in, n_out) * 0.02), nn.Parameter(torch.zeros(n_out))


class Block(nn.Module):
    def __init__(self, hp):
        super().__init__()
        d = hp["n", "embd"]
        self.hp = hp
        self.ln_1_g, self.ln_1_b = nn.Parameter(torch.ones(d)), nn.Parameter(torch.zeros(d))
        self.attn_w, self.attn_b = kernel(d, 3 * d)
        self.proj_w, self.proj_b = kernel(d, d)
        self.ln_2_g, self.ln_2_b = nn.Parameter(torch.ones(d)), nn.Parameter(torch.zeros(d))
        self.fc_w, self.fc_b = kernel(d, hp["n", "inner"])
        self.out_w, self.out_b = kernel(hp["n", "inner"], d)

    def forward(self, x):
        b, t, d = x.shape
        h = F.layer_norm(x, (d,), self.ln_1_g, self.ln_1_b, 1e-5)
        qkv = torch.addmm(self.attn_b, h.view(-1, d), self.attn_w).view(
            b, t, 3, self.hp["n", "head"], -1
        )
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(-1, d)
        x = x + torch.addmm(self.proj_b, a, self.proj_w).view(b, t, d)
        h = F.layer_norm(x, (d,), self.ln_2_g, self.ln_2_b, 1e-5).view(-1, d)
        m = F.gelu(torch.addmm(self.fc_b, h, self.fc_w), approximate="tanh")
        return x + torch.addmm(self.out_b, m, self.out_w).view(b, t, d)


class GPT2(nn.Module):
    def __init__(self, hp=HPARAMS):
        super().__init__()
        self.wte = nn.Parameter(torch.randn(hp["n", "vocab"], hp["n", "embd"]) * 0.02)
        self.wpe = nn.Parameter(torch.randn(hp["n", "ctx"], hp["n", "embd"]) * 0.01)
        self.blocks = nn.ModuleList(Block(hp) for _ in range(hp["n", "layer"]))
        self.ln_f_g = nn.Parameter(torch.ones(hp["n", "embd"]))
        self.ln_f_b = nn.Parameter(torch.zeros(hp["n", "embd"]))

    def forward(self, ids):
        x = self.wte[ids] + self.wpe[: ids.shape[1]]
        for blk in self.blocks:
            x = blk(x)
        x = F.layer_norm(x, x.shape[-1:], self.ln_f_g, self.ln_f_b, 1e-5)
        return x @ self.wte.T
