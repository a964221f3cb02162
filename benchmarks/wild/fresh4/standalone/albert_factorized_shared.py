"""ALBERT: factorized embedding (E < H), one transformer layer shared by all layer groups, SOP head,
MLM decoder tied to the word embeddings with its own bias."""

from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class AlbertConfig:
    vocab_size: int = 30000
    embedding_size: int = 128
    hidden_size: int = 384
    num_hidden_layers: int = 6
    num_attention_heads: int = 6
    intermediate_size: int = 1536
    max_position_embeddings: int = 512
    type_vocab_size: int = 2


class AlbertLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attention = nn.MultiheadAttention(
            c.hidden_size, c.num_attention_heads, batch_first=True
        )
        self.attn_norm = nn.LayerNorm(c.hidden_size, eps=1e-12)
        self.ffn = nn.Linear(c.hidden_size, c.intermediate_size)
        self.ffn_output = nn.Linear(c.intermediate_size, c.hidden_size)
        self.full_layer_layer_norm = nn.LayerNorm(c.hidden_size, eps=1e-12)

    def forward(self, x):
        x = self.attn_norm(x + self.attention(x, x, x, need_weights=False)[0])
        return self.full_layer_layer_norm(x + self.ffn_output(nn.functional.gelu(self.ffn(x))))


class AlbertForPreTraining(nn.Module):
    def __init__(self, c: AlbertConfig):
        super().__init__()
        self.config = c
        self.word_embeddings = nn.Embedding(c.vocab_size, c.embedding_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(c.max_position_embeddings, c.embedding_size)
        self.token_type_embeddings = nn.Embedding(c.type_vocab_size, c.embedding_size)
        self.emb_norm = nn.LayerNorm(c.embedding_size, eps=1e-12)
        self.embedding_hidden_mapping_in = nn.Linear(c.embedding_size, c.hidden_size)
        self.shared_layer = AlbertLayer(c)
        self.pooler = nn.Linear(c.hidden_size, c.hidden_size)
        self.mlm_dense = nn.Linear(c.hidden_size, c.embedding_size)
        self.mlm_norm = nn.LayerNorm(c.embedding_size)
        self.mlm_decoder = nn.Linear(c.embedding_size, c.vocab_size)
        self.mlm_decoder.weight = self.word_embeddings.weight
        self.sop_classifier = nn.Linear(c.hidden_size, 2)

    def forward(self, ids, token_type_ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        e = (
            self.word_embeddings(ids)
            + self.position_embeddings(pos)
            + self.token_type_embeddings(token_type_ids)
        )
        h = self.embedding_hidden_mapping_in(self.emb_norm(e))
        for _ in range(self.config.num_hidden_layers):
            h = self.shared_layer(h)
        mlm = self.mlm_decoder(self.mlm_norm(nn.functional.gelu(self.mlm_dense(h))))
        return mlm, self.sop_classifier(torch.tanh(self.pooler(h[:, 0])))


model = AlbertForPreTraining(AlbertConfig())
