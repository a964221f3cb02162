"""A GPT-2 kept as raw tensors: each block's weights are an ``nn.ParameterDict`` (names as in
the original TF checkpoint, [in, out] kernels) and the forward pass is functional, the way
people port a numpy/JAX reference."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HP = {"n_vocab": 700, "n_ctx": 128, "n_embd": 64, "n_head": 4, "n_layer": 3}


def block_params(d: int) -> nn.ParameterDict:
    return nn.ParameterDict(
        {
            "ln_1_g": nn.Parameter(torch.ones(d)),
            "ln_1_b": nn.Parameter(torch.zeros(d)),
            "attn_c_attn_w": nn.Parameter(torch.randn(d, 3 * d) * 0.02),
            "attn_c_attn_b": nn.Parameter(torch.zeros(3 * d)),
            "attn_c_proj_w": nn.Parameter(torch.randn(d, d) * 0.02),
            "attn_c_proj_b": nn.Parameter(torch.zeros(d)),
            "ln_2_g": nn.Parameter(torch.ones(d)),
            "ln_2_b": nn.Parameter(torch.zeros(d)),
            "mlp_c_fc_w": nn.Parameter(torch.randn(d, 4 * d) * 0.02),
            "mlp_c_fc_b": nn.Parameter(torch.zeros(4 * d)),
            "mlp_c_proj_w": nn.Parameter(torch.randn(4 * d, d) * 0.02),
            "mlp_c_proj_b": nn.Parameter(torch.zeros(d)),
        }
    )


def block(x, p, n_head):
    b, t, d = x.shape
    h = F.layer_norm(x, (d,), p["ln_1_g"], p["ln_1_b"], 1e-5)
    q, k, v = (h @ p["attn_c_attn_w"] + p["attn_c_attn_b"]).split(d, -1)
    q, k, v = (z.view(b, t, n_head, -1).transpose(1, 2) for z in (q, k, v))
    y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d)
    x = x + y @ p["attn_c_proj_w"] + p["attn_c_proj_b"]
    h = F.layer_norm(x, (d,), p["ln_2_g"], p["ln_2_b"], 1e-5)
    h = F.gelu(h @ p["mlp_c_fc_w"] + p["mlp_c_fc_b"], approximate="tanh")
    return x + h @ p["mlp_c_proj_w"] + p["mlp_c_proj_b"]


class GPT2(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.hp = hp
        self.wte = nn.Parameter(torch.randn(hp["n_vocab"], hp["n_embd"]) * 0.02)
        self.wpe = nn.Parameter(torch.randn(hp["n_ctx"], hp["n_embd"]) * 0.01)
        self.h = nn.ModuleList(block_params(hp["n_embd"]) for _ in range(hp["n_layer"]))
        self.ln_f_g = nn.Parameter(torch.ones(hp["n_embd"]))
        self.ln_f_b = nn.Parameter(torch.zeros(hp["n_embd"]))

    def forward(self, ids):
        x = self.wte[ids] + self.wpe[: ids.shape[1]]
        for p in self.h:
            x = block(x, p, self.hp["n_head"])
        x = F.layer_norm(x, (x.shape[-1],), self.ln_f_g, self.ln_f_b, 1e-5)
        return x @ self.wte.T
