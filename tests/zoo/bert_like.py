"""Zoo: a BERT-like encoder driven by an attribute config object built from a dict; returns
(sequence output, pooled output) like BertModel."""

import torch
import torch.nn as nn
import torch.nn.functional as F


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

    def forward(self, input_ids):
        seq_len = input_ids.size(1)
        position_ids = torch.arange(seq_len, device=input_ids.device).unsqueeze(0)
        token_type_ids = torch.zeros_like(input_ids)
        x = self.word_embeddings(input_ids)  # (B, T, H)
        x = x + self.position_embeddings(position_ids) + self.token_type_embeddings(token_type_ids)
        return self.LayerNorm(x)


class SelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.num_attention_heads = config.num_attention_heads
        self.attention_head_size = int(config.hidden_size / config.num_attention_heads)
        self.all_head_size = self.num_attention_heads * self.attention_head_size
        self.query = nn.Linear(config.hidden_size, self.all_head_size)
        self.key = nn.Linear(config.hidden_size, self.all_head_size)
        self.value = nn.Linear(config.hidden_size, self.all_head_size)

    def transpose_for_scores(self, x):
        new_shape = x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)
        return x.view(new_shape).permute(0, 2, 1, 3)  # (B, heads, T, head_size)

    def forward(self, hidden_states):
        q = self.transpose_for_scores(self.query(hidden_states))
        k = self.transpose_for_scores(self.key(hidden_states))
        v = self.transpose_for_scores(self.value(hidden_states))
        scores = torch.matmul(q, k.transpose(-1, -2)) / (self.attention_head_size**0.5)
        context = torch.matmul(scores.softmax(dim=-1), v).permute(0, 2, 1, 3).contiguous()
        return context.view(context.size()[:-2] + (self.all_head_size,))


class Layer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = SelfAttention(config)
        self.attn_out = nn.Linear(config.hidden_size, config.hidden_size)
        self.ln1 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.intermediate = nn.Linear(config.hidden_size, config.intermediate_size)
        self.output = nn.Linear(config.intermediate_size, config.hidden_size)
        self.ln2 = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)

    def forward(self, x):
        x = self.ln1(x + self.attn_out(self.attention(x)))
        return self.ln2(x + self.output(F.gelu(self.intermediate(x))))


class Bert(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.embeddings = Embeddings(config)
        self.layer = nn.ModuleList([Layer(config) for _ in range(config.num_hidden_layers)])
        self.pooler = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, input_ids):
        x = self.embeddings(input_ids)
        for layer in self.layer:
            x = layer(x)
        pooled = torch.tanh(self.pooler(x[:, 0]))
        return x, pooled


ENTRY = "Bert"
CONFIG = {"hidden_size": 48, "num_hidden_layers": 3, "intermediate_size": 96}
INPUT = (2, 10)
INPUT_KIND = "tokens"
VOCAB = 512


def build():
    return Bert(Config(**CONFIG))
