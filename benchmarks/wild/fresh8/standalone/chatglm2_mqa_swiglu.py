"""ChatGLM2-style decoder from a JSON config: multi-query attention (2 KV groups) with a fused
QKV projection carrying a bias, SwiGLU MLP with one fused up projection, RMSNorm, an untied
output layer, no position table (rotary)."""

import json

import torch
import torch.nn as nn

CONFIG = json.loads("""{"padded_vocab_size": 16384, "hidden_size": 512, "num_layers": 4,
"num_attention_heads": 8, "kv_channels": 64, "multi_query_group_num": 2, "ffn_hidden_size": 1376,
"add_qkv_bias": true, "add_bias_linear": false}""")


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))


class SelfAttention(nn.Module):
    def __init__(self, c):
        super().__init__()
        proj = c["kv_channels"] * c["num_attention_heads"]
        qkv = proj + 2 * c["kv_channels"] * c["multi_query_group_num"]
        self.query_key_value = nn.Linear(
            c["hidden_size"], qkv, bias=c["add_bias_linear"] or c["add_qkv_bias"]
        )
        self.dense = nn.Linear(proj, c["hidden_size"], bias=c["add_bias_linear"])


class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.dense_h_to_4h = nn.Linear(
            c["hidden_size"], 2 * c["ffn_hidden_size"], bias=c["add_bias_linear"]
        )
        self.dense_4h_to_h = nn.Linear(
            c["ffn_hidden_size"], c["hidden_size"], bias=c["add_bias_linear"]
        )


class GLMBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = RMSNorm(c["hidden_size"])
        self.self_attention = SelfAttention(c)
        self.post_attention_layernorm = RMSNorm(c["hidden_size"])
        self.mlp = MLP(c)


class ChatGLM(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embedding = nn.Embedding(c["padded_vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList(GLMBlock(c) for _ in range(c["num_layers"]))
        self.final_layernorm = RMSNorm(c["hidden_size"])
        self.output_layer = nn.Linear(c["hidden_size"], c["padded_vocab_size"], bias=False)


model = ChatGLM(CONFIG)
