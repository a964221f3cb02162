"""Zoo: a BERT-like encoder driven by an attribute config object built from a dict."""

import torch.nn as nn


class Config:
    def __init__(self, **kw):
        self.vocab_size = kw.get("vocab_size", 512)
        self.hidden_size = kw.get("hidden_size", 64)
        self.num_hidden_layers = kw.get("num_hidden_layers", 2)
        self.num_attention_heads = kw.get("num_attention_heads", 4)
        self.intermediate_size = kw.get("intermediate_size", 256)
        self.max_position_embeddings = kw.get("max_position_embeddings", 128)
        self.type_vocab_size = kw.get("type_vocab_size", 2)
        self.layer_norm_eps = kw.get("layer_norm_eps", 1e-12)


class Embeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.token_type_embeddings = nn.Embedding(config.type_vocab_size, config.hidden_size)
        self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)


class SelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.num_attention_heads = config.num_attention_heads
        self.attention_head_size = int(config.hidden_size / config.num_attention_heads)
        self.all_head_size = self.num_attention_heads * self.attention_head_size
        self.query = nn.Linear(config.hidden_size, self.all_head_size)
        self.key = nn.Linear(config.hidden_size, self.all_head_size)
        self.value = nn.Linear(config.hidden_size, self.all_head_size)


class Layer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = SelfAttention(config)
        self.attn_out = nn.Linear(config.hidden_size, config.hidden_size)
        self.ln1 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.ln2 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)


class Bert(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.embeddings = Embeddings(config)
        self.layer = nn.ModuleList([Layer(config) for _ in range(config.num_hidden_layers)])
        self.pooler = nn.Linear(config.hidden_size, config.hidden_size)


ENTRY = "Bert"
CONFIG = {"hidden_size": 48, "num_hidden_layers": 3, "intermediate_size": 96}
INPUT = None


def build():
    return Bert(Config(**CONFIG))
