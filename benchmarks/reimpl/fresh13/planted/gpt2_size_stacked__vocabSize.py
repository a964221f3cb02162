"""GPT-2 with every block's weights stacked along a leading layer axis (one tensor per kind, the
layers scanned in a loop); the shape is a torch.Size unpacked into names."""

import torch
from torch import nn

SHAPE = torch.Size([3, 96, 4])  # layers, width, heads
N_LAYER, N_EMBD, N_HEAD = SHAPE
N_VOCAB, N_CTX = 512, 128


class StackedGPT2(nn.Module):
    def __init__(self):
        super().__init__()
        L, D = N_LAYER, N_EMBD

        def p(*shape, fill=0.0):
            return nn.Parameter(torch.full(shape, fill))

        self.wte, self.wpe = nn.Embedding(N_VOCAB, D), nn.Embedding(N_CTX, D)
        self.ln1_g, self.ln1_b = p(L, D, fill=1.0), p(L, D)
        self.attn_w, self.attn_b = p(L, D, 3 * D), p(L, 3 * D)
        self.proj_w, self.proj_b = p(L, D, D), p(L, D)
        self.ln2_g, self.ln2_b = p(L, D, fill=1.0), p(L, D)
        self.fc_w, self.fc_b = p(L, D, 4 * D), p(L, 4 * D)
        self.out_w, self.out_b = p(L, 4 * D, D), p(L, D)
        self.lnf_g, self.lnf_b = p(D, fill=1.0), p(D)

    def forward(self, ids):
        b, t = ids.shape
        D, H = N_EMBD, N_HEAD
        x = self.wte(ids) + self.wpe(torch.arange(t))
        ln = nn.functional.layer_norm
        for i in range(N_LAYER):
            h = ln(x, (D,), self.ln1_g[i], self.ln1_b[i])
            q, k, v = (h @ self.attn_w[i] + self.attn_b[i]).split(D, -1)
            q, k, v = (z.view(b, t, H, D // H).transpose(1, 2) for z in (q, k, v))
            a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + a.transpose(1, 2).reshape(b, t, D) @ self.proj_w[i] + self.proj_b[i]
            h = ln(x, (D,), self.ln2_g[i], self.ln2_b[i])
            h = nn.functional.gelu(h @ self.fc_w[i] + self.fc_b[i], approximate="tanh")
            x = x + h @ self.out_w[i] + self.out_b[i]
        return ln(x, (D,), self.lnf_g, self.lnf_b) @ self.wte.weight.T
