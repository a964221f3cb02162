"""Decision Transformer: return-to-go, state and action embeddings plus a learned timestep
embedding, interleaved into a small GPT (causal self-attention blocks written out)."""

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.key = nn.Linear(n_embd, n_embd)
        self.query = nn.Linear(n_embd, n_embd)
        self.value = nn.Linear(n_embd, n_embd)
        self.proj = nn.Linear(n_embd, n_embd)
        self.register_buffer("mask", torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size))
        self.n_head = n_head


class Block(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.ln1 = nn.LayerNorm(n_embd)
        self.ln2 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, block_size)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd), nn.Dropout(0.1))


class DecisionTransformer(nn.Module):
    def __init__(self, state_dim, act_dim, n_embd=128, n_layer=3, n_head=1, max_length=20, max_ep_len=1000):
        super().__init__()
        block_size = 3 * max_length
        self.embed_timestep = nn.Embedding(max_ep_len, n_embd)
        self.embed_return = nn.Linear(1, n_embd)
        self.embed_state = nn.Linear(state_dim, n_embd)
        self.embed_action = nn.Linear(act_dim, n_embd)
        self.embed_ln = nn.LayerNorm(n_embd)
        self.pos_emb = nn.Parameter(torch.zeros(1, block_size, n_embd))
        self.blocks = nn.Sequential(*[Block(n_embd, n_head, block_size) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.predict_state = nn.Linear(n_embd, state_dim)
        self.predict_action = nn.Sequential(nn.Linear(n_embd, act_dim), nn.Tanh())
        self.predict_return = nn.Linear(n_embd, 1)


model = DecisionTransformer(state_dim=11, act_dim=3, n_embd=64, n_layer=3, n_head=1, max_length=20, max_ep_len=1000)
