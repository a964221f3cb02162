"""A T5 in the style of the compact research reimplementations: relative bias in the first layer, shared embedding."""

import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class T5Config:
    def __init__(self, vocab_size=32128, d_model=512, d_kv=64, d_ff=2048, num_layers=6, num_decoder_layers=None,
                 num_heads=8, relative_attention_num_buckets=32, dropout_rate=0.1, layer_norm_epsilon=1e-6,
                 tie_word_embeddings=True, is_decoder=False):
        self.vocab_size = vocab_size
        self.d_model = d_model
        self.d_kv = d_kv
        self.d_ff = d_ff
        self.num_layers = num_layers
        self.num_decoder_layers = num_decoder_layers if num_decoder_layers is not None else self.num_layers
        self.num_heads = num_heads
        self.relative_attention_num_buckets = relative_attention_num_buckets
        self.dropout_rate = dropout_rate
        self.layer_norm_epsilon = layer_norm_epsilon
        self.tie_word_embeddings = tie_word_embeddings
        self.is_decoder = is_decoder


class T5LayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.variance_epsilon)


class T5Attention(nn.Module):
    def __init__(self, config, has_relative_attention_bias=False):
        super().__init__()
        self.has_relative_attention_bias = has_relative_attention_bias
        self.n_heads = config.num_heads
        self.key_value_proj_dim = config.d_kv
        self.inner_dim = self.n_heads * self.key_value_proj_dim
        self.q = nn.Linear(config.d_model, self.inner_dim, bias=False)
        self.k = nn.Linear(config.d_model, self.inner_dim, bias=False)
        self.v = nn.Linear(config.d_model, self.inner_dim, bias=False)
        self.o = nn.Linear(self.inner_dim, config.d_model, bias=False)
        if self.has_relative_attention_bias:
            self.relative_attention_bias = nn.Embedding(config.relative_attention_num_buckets, self.n_heads)

    def forward(self, x, kv=None):
        kv = x if kv is None else kv
        B, T, _ = x.shape
        q = self.q(x).view(B, T, self.n_heads, -1).transpose(1, 2)
        k = self.k(kv).view(B, kv.shape[1], self.n_heads, -1).transpose(1, 2)
        v = self.v(kv).view(B, kv.shape[1], self.n_heads, -1).transpose(1, 2)
        w = (q @ k.transpose(-1, -2)).softmax(-1)
        return self.o((w @ v).transpose(1, 2).reshape(B, T, self.inner_dim))


class T5DenseActDense(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.wi = nn.Linear(config.d_model, config.d_ff, bias=False)
        self.wo = nn.Linear(config.d_ff, config.d_model, bias=False)
        self.dropout = nn.Dropout(config.dropout_rate)

    def forward(self, x):
        return self.wo(self.dropout(F.relu(self.wi(x))))


class T5Block(nn.Module):
    def __init__(self, config, has_relative_attention_bias=False):
        super().__init__()
        self.is_decoder = config.is_decoder
        self.self_attn = T5Attention(config, has_relative_attention_bias=has_relative_attention_bias)
        self.ln_self = T5LayerNorm(config.d_model, eps=config.layer_norm_epsilon)
        if self.is_decoder:
            self.cross_attn = T5Attention(config, has_relative_attention_bias=False)
            self.ln_cross = T5LayerNorm(config.d_model, eps=config.layer_norm_epsilon)
        self.ff = T5DenseActDense(config)
        self.ln_ff = T5LayerNorm(config.d_model, eps=config.layer_norm_epsilon)

    def forward(self, x, enc=None):
        x = x + self.self_attn(self.ln_self(x))
        if self.is_decoder:
            x = x + self.cross_attn(self.ln_cross(x), enc)
        return x + self.ff(self.ln_ff(x))


class T5Stack(nn.Module):
    def __init__(self, config, embed_tokens):
        super().__init__()
        self.embed_tokens = embed_tokens
        n = config.num_decoder_layers if config.is_decoder else config.num_layers
        self.block = nn.ModuleList([T5Block(config, has_relative_attention_bias=bool(i == 0)) for i in range(n)])
        self.final_layer_norm = T5LayerNorm(config.d_model, eps=config.layer_norm_epsilon)

    def forward(self, ids, enc=None):
        x = self.embed_tokens(ids)
        for blk in self.block:
            x = blk(x, enc)
        return self.final_layer_norm(x)


class T5ForConditionalGeneration(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.model_dim = config.d_model
        self.shared = nn.Embedding(config.vocab_size, config.d_model)
        encoder_config = copy.deepcopy(config)
        encoder_config.is_decoder = False
        self.encoder = T5Stack(encoder_config, self.shared)
        decoder_config = copy.deepcopy(config)
        decoder_config.is_decoder = True
        decoder_config.num_layers = config.num_decoder_layers
        self.decoder = T5Stack(decoder_config, self.shared)
        self.lm_head = nn.Linear(config.d_model, config.vocab_size, bias=False)
        if config.tie_word_embeddings:
            self.lm_head.weight = self.shared.weight

    def forward(self, input_ids, decoder_input_ids):
        enc = self.encoder(input_ids)
        return self.lm_head(self.decoder(decoder_input_ids, enc) * self.model_dim**-0.5)


config = T5Config(vocab_size=300, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_decoder_layers=3, num_heads=4)
model = T5ForConditionalGeneration(config)
