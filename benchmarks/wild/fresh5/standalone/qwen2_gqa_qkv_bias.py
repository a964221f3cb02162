import json

import torch
import torch.nn as nn

# a config.json as shipped next to the weights (no weights loaded here)
CONFIG_JSON = """{
  "vocab_size": 1024, "hidden_size": 96, "intermediate_size": 256, "num_hidden_layers": 3,
  "num_attention_heads": 6, "num_key_value_heads": 2, "rms_norm_eps": 1e-6,
  "tie_word_embeddings": false, "rope_theta": 1000000.0
}"""


class RMSNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps


class Qwen2Attention(nn.Module):
    """Bias on q, k, v projections only (not on o_proj), grouped-query attention."""

    def __init__(self, c):
        super().__init__()
        self.head_dim = c["hidden_size"] // c["num_attention_heads"]
        self.q_proj = nn.Linear(c["hidden_size"], c["num_attention_heads"] * self.head_dim, bias=True)
        self.k_proj = nn.Linear(c["hidden_size"], c["num_key_value_heads"] * self.head_dim, bias=True)
        self.v_proj = nn.Linear(c["hidden_size"], c["num_key_value_heads"] * self.head_dim, bias=True)
        self.o_proj = nn.Linear(c["num_attention_heads"] * self.head_dim, c["hidden_size"], bias=False)
        inv_freq = 1.0 / (c["rope_theta"] ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)


class Qwen2MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        h, i = c["hidden_size"], c["intermediate_size"]
        self.gate_proj, self.up_proj, self.down_proj = nn.Linear(h, i, bias=False), nn.Linear(h, i, bias=False), nn.Linear(i, h, bias=False)


class Qwen2DecoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.self_attn = Qwen2Attention(c)
        self.mlp = Qwen2MLP(c)
        self.input_layernorm = RMSNorm(c["hidden_size"], c["rms_norm_eps"])
        self.post_attention_layernorm = RMSNorm(c["hidden_size"], c["rms_norm_eps"])


class Qwen2ForCausalLM(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed_tokens = nn.Embedding(c["vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList([Qwen2DecoderLayer(c) for _ in range(c["num_hidden_layers"])])
        self.norm = RMSNorm(c["hidden_size"], c["rms_norm_eps"])
        self.lm_head = nn.Linear(c["hidden_size"], c["vocab_size"], bias=False)
        if c["tie_word_embeddings"]:
            self.lm_head.weight = self.embed_tokens.weight


model = Qwen2ForCausalLM(json.loads(CONFIG_JSON))
