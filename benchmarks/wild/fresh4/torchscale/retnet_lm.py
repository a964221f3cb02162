"""A small RetNet language model from torchscale's README recipe."""

import torch.nn as nn
from torchscale.architecture.config import RetNetConfig
from torchscale.architecture.retnet import RetNetDecoder

config = RetNetConfig(
    vocab_size=8000,
    decoder_embed_dim=256,
    decoder_value_embed_dim=512,
    decoder_retention_heads=4,
    decoder_ffn_embed_dim=512,
    decoder_layers=4,
)
embed_tokens = nn.Embedding(config.vocab_size, config.decoder_embed_dim)
model = RetNetDecoder(config, embed_tokens=embed_tokens)
