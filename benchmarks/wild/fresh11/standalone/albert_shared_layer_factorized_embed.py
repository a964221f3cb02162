"""ALBERT-style cross-layer sharing: one transformer layer object applied `num_hidden_layers` times
(held once), exposed through a `layers` property that repeats it, a factorized embedding
(vocab x E then E x H), and an SOP head; the MLM decoder is tied to the word embeddings."""

import torch
import torch.nn as nn


class AlbertLayer(nn.Module):
    def __init__(self, hidden, heads, intermediate):
        super().__init__()
        self.attention = nn.MultiheadAttention(hidden, heads, batch_first=True)
        self.attn_norm = nn.LayerNorm(hidden)
        self.ffn = nn.Linear(hidden, intermediate)
        self.ffn_output = nn.Linear(intermediate, hidden)
        self.full_layer_layer_norm = nn.LayerNorm(hidden)


class Albert(nn.Module):
    def __init__(
        self,
        vocab_size=3000,
        embedding_size=32,
        hidden_size=96,
        num_hidden_layers=6,
        num_attention_heads=4,
        intermediate_size=192,
        max_position=64,
        num_groups=1,
    ):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, embedding_size)
        self.position_embeddings = nn.Embedding(max_position, embedding_size)
        self.token_type_embeddings = nn.Embedding(2, embedding_size)
        self.emb_norm = nn.LayerNorm(embedding_size)
        self.embedding_hidden_mapping_in = nn.Linear(embedding_size, hidden_size)
        self.groups = nn.ModuleList(
            AlbertLayer(hidden_size, num_attention_heads, intermediate_size)
            for _ in range(num_groups)
        )
        self.num_hidden_layers = num_hidden_layers
        self.pooler = nn.Linear(hidden_size, hidden_size)
        self.mlm_dense = nn.Linear(hidden_size, embedding_size)
        self.mlm_norm = nn.LayerNorm(embedding_size)
        self.mlm_decoder = nn.Linear(embedding_size, vocab_size)
        self.mlm_decoder.weight = self.word_embeddings.weight
        self.mlm_bias = nn.Parameter(torch.zeros(vocab_size))
        self.mlm_decoder.bias = self.mlm_bias
        self.sop_classifier = nn.Linear(hidden_size, 2)

    @property
    def layers(self):
        per_group = self.num_hidden_layers // len(self.groups)
        return [g for g in self.groups for _ in range(per_group)]


model = Albert(num_groups=2)
