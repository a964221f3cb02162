"""RoBERTa on nn.MultiheadAttention."""

import torch
import torch.nn as nn
import torch.nn.functional as F

HIDDEN_SIZE = 64
NUM_LAYERS = 2
NUM_HEADS = 4
MLP_DIM = 256
EPS = 1e-05
VOCAB_SIZE = 1000
MAX_LEN = 130
TYPE_VOCAB = 1
PAD_ID = 1



class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)[0]


class Layer(nn.Module):
    def __init__(self, dim, heads, mlp_dim, eps):
        super().__init__()
        self.attention = SelfAttention(dim, heads)
        self.norm1 = nn.LayerNorm(dim, eps=eps)
        self.fc1 = nn.Linear(dim, mlp_dim)
        self.fc2 = nn.Linear(mlp_dim, dim)
        self.norm2 = nn.LayerNorm(dim, eps=eps)

    def mlp(self, x):
        return self.fc2(F.gelu(self.fc1(x)))

    def forward(self, x):
        x = self.norm1(x + self.attention(x))
        return self.norm2(x + self.mlp(x))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB_SIZE, HIDDEN_SIZE, padding_idx=PAD_ID)
        self.position_embeddings = nn.Embedding(MAX_LEN, HIDDEN_SIZE)
        self.token_type_embeddings = nn.Embedding(TYPE_VOCAB, HIDDEN_SIZE)
        self.emb_norm = nn.LayerNorm(HIDDEN_SIZE, eps=EPS)
        self.layers = nn.ModuleList([Layer(HIDDEN_SIZE, NUM_HEADS, MLP_DIM, EPS) for _ in range(NUM_LAYERS)])
        self.pooler = nn.Linear(HIDDEN_SIZE, HIDDEN_SIZE)

    def forward(self, input_ids, token_type_ids):
        pos = torch.arange(input_ids.shape[1], device=input_ids.device)
        x = self.word_embeddings(input_ids) + self.position_embeddings(pos)
        x = self.emb_norm(x + self.token_type_embeddings(token_type_ids))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
