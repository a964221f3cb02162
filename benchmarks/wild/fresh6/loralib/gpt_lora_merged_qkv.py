"""A tiny GPT whose attention projections are LoRA layers (loralib), fine-tuning style."""

import loralib as lora
import torch
import torch.nn as nn

LORA_R = 4


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.n_head = n_head
        # q and v get low-rank adapters, k does not (the LoRA paper's choice)
        self.c_attn = lora.MergedLinear(
            n_embd, 3 * n_embd, r=LORA_R, lora_alpha=8, enable_lora=[True, False, True]
        )
        self.c_proj = nn.Linear(n_embd, n_embd)

    def forward(self, x):
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        y = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.c_proj(y)


class Block(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(
            lora.Linear(n_embd, 4 * n_embd, r=LORA_R), nn.GELU(), nn.Linear(4 * n_embd, n_embd)
        )

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class LoraGPT(nn.Module):
    def __init__(self, vocab_size=500, block_size=64, n_embd=64, n_head=4, n_layer=3):
        super().__init__()
        self.wte = lora.Embedding(vocab_size, n_embd, r=LORA_R)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.h = nn.ModuleList([Block(n_embd, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))


model = LoraGPT(vocab_size=500, block_size=64, n_embd=64, n_head=4, n_layer=3)
lora.mark_only_lora_as_trainable(model, bias="lora_only")
