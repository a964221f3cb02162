"""GPT-NeoX style: parallel attention + MLP residual, partial rotary (rotary_pct), untied embed_out."""

import json

import torch
import torch.nn as nn

config = json.loads(
    '{"vocab_size": 8192, "hidden_size": 256, "num_hidden_layers": 4, "num_attention_heads": 8, "intermediate_size": 1024, "rotary_pct": 0.25, "use_parallel_residual": true, "tie_word_embeddings": false}'
)


class Rotary(nn.Module):
    def __init__(self, dim, base=10000):
        super().__init__()
        self.register_buffer(
            "inv_freq", 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim)), persistent=False
        )


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n = c["num_attention_heads"]
        self.hd = c["hidden_size"] // self.n
        self.rotary = Rotary(int(self.hd * c["rotary_pct"]))
        self.query_key_value = nn.Linear(c["hidden_size"], 3 * c["hidden_size"])
        self.dense = nn.Linear(c["hidden_size"], c["hidden_size"])

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            self.query_key_value(x).view(b, t, self.n, 3 * self.hd).transpose(1, 2).chunk(3, -1)
        )
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.use_parallel_residual = c["use_parallel_residual"]
        self.input_layernorm = nn.LayerNorm(c["hidden_size"])
        self.post_attention_layernorm = nn.LayerNorm(c["hidden_size"])
        self.attention = Attention(c)
        self.mlp = nn.Sequential(
            nn.Linear(c["hidden_size"], c["intermediate_size"]),
            nn.GELU(),
            nn.Linear(c["intermediate_size"], c["hidden_size"]),
        )

    def forward(self, x):
        a = self.attention(self.input_layernorm(x))
        if self.use_parallel_residual:
            return x + a + self.mlp(self.post_attention_layernorm(x))
        x = x + a
        return x + self.mlp(self.post_attention_layernorm(x))


class GPTNeoX(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed_in = nn.Embedding(c["vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList(Layer(c) for _ in range(c["num_hidden_layers"]))
        self.final_layer_norm = nn.LayerNorm(c["hidden_size"])
        self.embed_out = nn.Linear(c["hidden_size"], c["vocab_size"], bias=False)
        if c["tie_word_embeddings"]:
            self.embed_out.weight = self.embed_in.weight

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))


model = GPTNeoX(config)
