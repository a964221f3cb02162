"""SASRec: causal self-attention over item histories; the output layer reuses the item table."""

import torch
import torch.nn as nn


class PointWiseFeedForward(nn.Module):
    def __init__(self, hidden_units, dropout_rate):
        super().__init__()
        self.conv1 = nn.Conv1d(hidden_units, hidden_units, kernel_size=1)
        self.conv2 = nn.Conv1d(hidden_units, hidden_units, kernel_size=1)
        self.dropout = nn.Dropout(dropout_rate)


class SASRec(nn.Module):
    def __init__(
        self, item_num, maxlen=50, hidden_units=64, num_blocks=2, num_heads=1, dropout_rate=0.2
    ):
        super().__init__()
        self.item_emb = nn.Embedding(item_num + 1, hidden_units, padding_idx=0)
        self.pos_emb = nn.Embedding(maxlen + 1, hidden_units, padding_idx=0)
        self.attention_layernorms = nn.ModuleList()
        self.attention_layers = nn.ModuleList()
        self.forward_layernorms = nn.ModuleList()
        self.forward_layers = nn.ModuleList()
        for _ in range(num_blocks):
            self.attention_layernorms.append(nn.LayerNorm(hidden_units, eps=1e-8))
            self.attention_layers.append(
                nn.MultiheadAttention(hidden_units, num_heads, dropout_rate)
            )
            self.forward_layernorms.append(nn.LayerNorm(hidden_units, eps=1e-8))
            self.forward_layers.append(PointWiseFeedForward(hidden_units, dropout_rate))
        self.last_layernorm = nn.LayerNorm(hidden_units, eps=1e-8)
        # full-softmax scoring over all items, tied to the input table
        self.item_scorer = nn.Linear(hidden_units, item_num + 1, bias=False)
        self.item_scorer.weight = self.item_emb.weight

    def forward(self, seqs):
        positions = torch.arange(1, seqs.shape[1] + 1, device=seqs.device).expand_as(seqs)
        x = self.item_emb(seqs) * self.item_emb.embedding_dim**0.5 + self.pos_emb(positions)
        return self.item_scorer(self.last_layernorm(x))


model = SASRec(item_num=3000, maxlen=50, hidden_units=64, num_blocks=2, num_heads=1)
