"""BLOOM-style decoder (ALiBi, so no position table): word_embeddings_layernorm, fused qkv, tied head."""

import json

import torch.nn as nn

CONFIG = json.loads(
    '{"vocab_size": 250880, "hidden_size": 256, "n_layer": 4, "n_head": 8, '
    '"layer_norm_epsilon": 1e-5}'
)


class BloomBlock(nn.Module):
    def __init__(self, h, eps):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(h, eps=eps)
        self.query_key_value = nn.Linear(h, 3 * h)
        self.dense = nn.Linear(h, h)
        self.post_attention_layernorm = nn.LayerNorm(h, eps=eps)
        self.dense_h_to_4h = nn.Linear(h, 4 * h)
        self.dense_4h_to_h = nn.Linear(4 * h, h)


class BloomForCausalLM(nn.Module):
    def __init__(self, c):
        super().__init__()
        h = c["hidden_size"]
        self.word_embeddings = nn.Embedding(c["vocab_size"], h)
        self.word_embeddings_layernorm = nn.LayerNorm(h, eps=c["layer_norm_epsilon"])
        self.h = nn.ModuleList(BloomBlock(h, c["layer_norm_epsilon"]) for _ in range(c["n_layer"]))
        self.ln_f = nn.LayerNorm(h, eps=c["layer_norm_epsilon"])
        self.lm_head = nn.Linear(h, c["vocab_size"], bias=False)
        self.lm_head.weight = self.word_embeddings.weight


model = BloomForCausalLM(CONFIG)
